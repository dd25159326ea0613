import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

/**
 * Checks against the database (not the token, which may be up to an hour old) that the user is still
 * an admin of the company and the token's session version is still theirs: demoting, deactivating or
 * deleting an admin, a password reset or "sign out everywhere" cuts off key management at once.
 * Returns the admin's current name, for the audit log.
 */
export const requireActiveAdmin = async ({
  userId,
  companyId,
  sessionVersion,
}: {
  userId: number;
  companyId: number;
  /** An admin token's; a dashboard session's version is checked by lib/access/auth/session-check.ts. */ sessionVersion?: number;
}): Promise<{ name: string }> => {
  const [user] = await getDb()
    .select({ role: users.role, name: users.name, status: users.status, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user || user.status !== "active") throw new AppError("unauthorized", "The user of this credential no longer exists or was deactivated.");
  if (sessionVersion !== undefined && user.sessionVersion !== sessionVersion)
    throw new AppError(
      "unauthorized",
      "This admin token was ended (password reset, role change or sign-out everywhere). Request a new one at POST /api/v2/auth/token.",
    );
  if (user.role !== "admin") throw new AppError("forbidden", "Only users with the admin role can manage API keys.");
  return { name: user.name };
};
