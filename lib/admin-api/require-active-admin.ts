import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors";

/**
 * Checks against the database (not the token or session, which may be up to hours old) that the
 * user is still an admin of the company: demoting, deactivating or deleting an admin cuts off key management at once.
 * Returns the admin's current name, for the audit log.
 */
export const requireActiveAdmin = async ({ userId, companyId }: { userId: number; companyId: number }): Promise<{ name: string }> => {
  const [user] = await getDb().select({ role: users.role, name: users.name, status: users.status }).from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user || user.status !== "active") throw new AppError("unauthorized", "The user of this credential no longer exists or was deactivated.");
  if (user.role !== "admin") throw new AppError("forbidden", "Only users with the admin role can manage API keys.");
  return { name: user.name };
};
