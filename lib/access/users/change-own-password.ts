import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { recordAuditEvent, recordRefusal, type AuditActor } from "@/lib/platform/audit";
import { hashPassword, verifyPassword } from "@/lib/platform/credentials/password";
import { reserveSignInAttempt } from "@/lib/platform/credentials/sign-in-throttle";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { passwordSchema } from "./user-input";

const changeSchema = z.strictObject({ currentPassword: z.string().min(1, "Give your current password.").max(200), newPassword: passwordSchema });

/**
 * A signed-in user changes their own password; the current one is required (400 naming
 * `currentPassword` when wrong). The check is throttled as sign-in is, in the same buckets (429
 * before any check; lib/platform/credentials/sign-in-throttle.ts), and every wrong current password is audited, so a
 * borrowed session cannot guess it. Their sessions stay open: they just proved who they are.
 */
export const changeOwnPassword = async ({
  db = getDb(),
  companyId,
  userId,
  input,
  actor,
}: {
  db?: Executor;
  companyId: number;
  userId: number;
  input: unknown;
  actor: AuditActor;
}) => {
  const parsed = changeSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "password");
  const where = and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.status, "active"));
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(where);
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const attempt = await reserveSignInAttempt({ db, kind: "signin", account: user.email, ip: actor.ip });
  if (!(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
    const subject = actor.ip ?? "unknown";
    await recordRefusal({
      db,
      companyId,
      actor,
      action: "user.password_check_failed",
      target: { type: "user", id: userId },
      subject,
      reason: "Wrong current password when changing the password.",
    });
    throw new AppError("bad_request", '"currentPassword" is not your current password.');
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(parsed.data.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(where);
    await recordAuditEvent({ db: tx, companyId, actor, action: "user.password_changed", target: { type: "user", id: userId } });
  });
};
