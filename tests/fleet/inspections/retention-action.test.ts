import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { getDvirRetention } from "@/lib/fleet/inspections";
import { listAuditEvents, operatorActor } from "@/lib/platform/audit";
import { actAs, formOf, nextCacheMock, nextHeadersMock, redirectOf, type ActingUser } from "../../helpers/server-action-session";
import { useTestDatabase } from "../../helpers/test-database";

vi.mock("next/headers", () => nextHeadersMock);
vi.mock("next/cache", () => nextCacheMock);

const { setDvirRetentionAction } = await import("@/app/(dashboard)/inspections/checklist/actions");

const database = useTestDatabase();
let companyId = 0;
const people = {} as Record<"admin" | "manager" | "dispatcher", ActingUser>;

const months = async () => (await getDvirRetention({ db: database().db, companyId })).months;

beforeAll(async () => {
  const { db } = database();
  ({ id: companyId } = await createCompany({
    db,
    actor: operatorActor("test"),
    input: { name: "Retention Haulage", timeZone: "America/Chicago", distanceUnit: "mi" },
    admin: { name: "Ada Admin", email: "ada@retention.test", password: "a long enough password" },
  }));
  await db.insert(users).values([
    { companyId, name: "Max Manager", email: "max@retention.test", passwordHash: "x", role: "manager" },
    { companyId, name: "Dora Dispatcher", email: "dora@retention.test", passwordHash: "x", role: "dispatcher" },
  ]);
  for (const row of await db.select().from(users).where(eq(users.companyId, companyId))) people[row.role as keyof typeof people] = row;
});

describe("the report retention form (Inspection checklist page)", () => {
  it("a manager keeps reports longer, or forever; under three months is refused on the field", async () => {
    await actAs(people.manager);
    expect(await redirectOf(setDvirRetentionAction(null, formOf({ months: "24" })))).toBe("/inspections/checklist?retention=1");
    expect(await months()).toBe(24);
    expect(await setDvirRetentionAction(null, formOf({ months: "2" }))).toMatchObject({
      ok: false,
      fieldErrors: { months: expect.stringContaining("At least 3 months") },
      values: { months: ["2"] },
    });
    expect(await months()).toBe(24);
    expect(await redirectOf(setDvirRetentionAction(null, formOf({ months: "forever" })))).toBe("/inspections/checklist?retention=1");
    expect(await months()).toBeNull();
    const { events } = await listAuditEvents({ db: database().db, companyId, filters: { action: "inspection_settings.updated" } });
    expect(events.map((event) => [event.actorName, event.changes])).toEqual([
      ["Max Manager", { dvirRetentionMonths: { before: 24, after: null } }],
      ["Max Manager", { dvirRetentionMonths: { before: 3, after: 24 } }],
    ]);
  });

  it("a dispatcher reads it but is refused a change, and the refusal recorded", async () => {
    await actAs(people.dispatcher);
    expect(await redirectOf(setDvirRetentionAction(null, formOf({ months: "3" })))).toBe("/forbidden");
    expect(await months()).toBeNull();
    const { events } = await listAuditEvents({ db: database().db, companyId, filters: { action: "inspection_settings.denied" } });
    expect(events.map((event) => event.actorName)).toEqual(["Dora Dispatcher"]);
  });
});
