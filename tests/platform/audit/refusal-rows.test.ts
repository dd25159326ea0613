import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@/db/schema";
import { anonymousActor, recordRefusal } from "@/lib/platform/audit";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo = 0;
beforeAll(async () => {
  ({ demoCompanyId: demo } = await seedTestCompanies({ db: database().db, liveVehicles: 1 }));
});

const refusedAsAppendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/audit_events is append only/) }) };

describe("refusal rows: counted, still append only", () => {
  it("counts a minute's refusals of one subject on one row, a new minute or subject on another", async () => {
    const { db } = database();
    const refuse = (subject: string, now: Date) =>
      recordRefusal({
        db,
        companyId: demo,
        actor: anonymousActor({ name: "Sign-in attempt", ip: subject }),
        action: "user.sign_in_failed",
        target: { type: "user", id: 999 },
        subject,
        reason: "test",
        now,
      });
    const minute = new Date("2026-01-05T10:00:10Z");
    for (let i = 0; i < 3; i++) await refuse("192.0.2.1", minute);
    await refuse("192.0.2.2", minute);
    await refuse("192.0.2.1", new Date("2026-01-05T10:01:00Z"));
    const rows = await db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.targetId} = '999'`)
      .orderBy(auditEvents.id);
    expect(rows.map((row) => [row.actorIp, row.repeatCount])).toEqual([
      ["192.0.2.1", 3],
      ["192.0.2.2", 1],
      ["192.0.2.1", 1],
    ]);
  });

  it("lets an UPDATE raise repeat_count and nothing else", async () => {
    const { db } = database();
    await expect(db.execute(sql`update audit_events set repeat_count = repeat_count - 1 where target_id = '999'`)).rejects.toMatchObject(refusedAsAppendOnly);
    await expect(db.execute(sql`update audit_events set repeat_count = repeat_count + 1, reason = 'rewritten' where target_id = '999'`)).rejects.toMatchObject(
      refusedAsAppendOnly,
    );
    await expect(
      db.execute(sql`update audit_events set repeat_count = repeat_count + 1, occurred_at = now() - interval '1 day' where target_id = '999'`),
    ).rejects.toMatchObject(refusedAsAppendOnly);
  });
});
