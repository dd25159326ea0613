import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { changedFields, recordAuditEvent, userActor } from "@/lib/platform/audit";
import { hashPassword } from "@/lib/platform/credentials/password";
import { sessionCheck } from "@/lib/access/auth/session-check";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { passwordSchema, userNameSchema } from "./user-input";
import { redeemUserLink } from "./user-links";

type RequestFacts = { ip: string | null; requestId: string | null };

const acceptSchema = z.strictObject({ name: userNameSchema, password: passwordSchema });
const resetSchema = z.strictObject({ password: passwordSchema });

/**
 * The invited person sets their name and password through the invite link (used up here): the
 * account becomes active and can sign in with its e-mail. Refused links: 404 forged, 403 used or expired.
 */
export const acceptInvite = async ({ db = getDb(), token, input, request }: { db?: Executor; token: string; input: unknown; request: RequestFacts }) => {
  const parsed = acceptSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "invite");
  const passwordHash = await hashPassword(parsed.data.password);
  return db.transaction(async (tx) => {
    const link = await redeemUserLink({ db: tx, token, purpose: "invite" });
    const [before] = await tx
      .select({ name: users.name, status: users.status })
      .from(users)
      .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)));
    if (before?.status !== "invited") throw new AppError("forbidden", "This invite was already accepted. Sign in, or ask an admin for a password reset.");
    const [user] = await tx
      .update(users)
      .set({ name: parsed.data.name, passwordHash, status: "active" })
      .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)))
      .returning({ id: users.id, email: users.email, name: users.name });
    await recordAuditEvent({
      db: tx,
      companyId: link.companyId,
      actor: userActor({ user, ...request }),
      action: "user.invite_accepted",
      target: { type: "user", id: user.id },
      changes: changedFields({ before, after: { name: user.name, status: "active" } }),
    });
    return { email: user.email };
  });
};

/**
 * Sets a new password through a reset link (used up here). Every open session of the user ends at
 * its next check: the session version goes up, as a reset may follow a stolen password.
 */
export const resetPasswordWithLink = async ({
  db = getDb(),
  token,
  input,
  request,
}: {
  db?: Executor;
  token: string;
  input: unknown;
  request: RequestFacts;
}) => {
  const parsed = resetSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "reset");
  const passwordHash = await hashPassword(parsed.data.password);
  const result = await db.transaction(async (tx) => {
    const link = await redeemUserLink({ db: tx, token, purpose: "password_reset" });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId), eq(users.status, "active")))
      .returning({ id: users.id, email: users.email, name: users.name });
    if (!user) throw new AppError("forbidden", "This account is not active. Ask an admin of your company.");
    await recordAuditEvent({
      db: tx,
      companyId: link.companyId,
      actor: userActor({ user, ...request }),
      action: "user.password_reset",
      target: { type: "user", id: user.id },
    });
    return { userId: user.id, email: user.email };
  });
  sessionCheck.forget(result.userId);
  return { email: result.email };
};
