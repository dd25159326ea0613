import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";
import { recordRefusal, type AuditActor } from "@/lib/audit";

/**
 * After a 404 for a user id: when the id is another company's user, the refusal goes into THAT
 * company's audit log (never the caller's: there it would tell which ids exist elsewhere), without the
 * caller's name or address (the request id leads the operator to them). Cheap and bounded: `users` is a
 * global table (one indexed read, a local one on Citus), and the row is counted per user and minute.
 */
export const recordForeignUserLookup = async ({ db, companyId, userId, actor }: { db: Executor; companyId: number; userId: number; actor: AuditActor }): Promise<void> => {
  const [owner] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  if (!owner || owner.companyId === companyId) return;
  await recordRefusal({
    db,
    companyId: owner.companyId,
    actor: { type: actor.type, id: null, name: "A caller of another company", ip: null, requestId: actor.requestId },
    action: "user.foreign_lookup",
    target: { type: "user", id: userId },
    subject: "another company",
    reason: "Asked for by another company's credential; answered 404.",
  });
};
