import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { sessionCheck } from "@/lib/access/auth/session-check";
import { AppError } from "@/lib/platform/errors";

/**
 * Ends every dashboard session and admin token of the user, this one included: the session version
 * goes up (sessions end at their next check, at once on this instance; tokens at their next request).
 */
export const signOutEverywhere = async ({
  db = getDb(),
  companyId,
  userId,
  actor,
}: {
  db?: Executor;
  companyId: number;
  userId: number;
  actor: AuditActor;
}): Promise<void> => {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.status, "active")))
      .returning({ id: users.id });
    if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
    await recordAuditEvent({ db: tx, companyId, actor, action: "user.signed_out_everywhere", target: { type: "user", id: userId } });
  });
  sessionCheck.forget(userId);
};
