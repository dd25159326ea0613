import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { users } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { hashPassword } from "@/lib/platform/credentials/password";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { adminInputSchema } from "./company-input";

const passwordSchema = z.strictObject({ email: z.string().trim().toLowerCase(), password: adminInputSchema.shape.password });

/**
 * Sets a user's password (the operator's reset); the user signs in with it at once, and every session
 * and admin token of theirs ends (the session version goes up, as for a reset link). The reset is
 * recorded in the user's company's audit log (`user.password_reset`, never the password).
 */
export const setUserPassword = async ({ db = getDb(), email, password, actor }: { db?: Database; email: string; password: string; actor: AuditActor }) => {
  const parsed = passwordSchema.safeParse({ email, password });
  if (!parsed.success) throw fromZodError(parsed.error, "password");
  const passwordHash = await hashPassword(parsed.data.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.email, parsed.data.email))
      .returning({ id: users.id, companyId: users.companyId });
    if (!user) throw new AppError("not_found", `No user signs in with ${parsed.data.email}.`);
    await recordAuditEvent({ db: tx, companyId: user.companyId, actor, action: "user.password_reset", target: { type: "user", id: user.id } });
    return user;
  });
};
