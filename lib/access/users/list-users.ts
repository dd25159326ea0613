import { and, asc, eq, gt, inArray, ne, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { USER_COLUMNS, type UserRow } from "./user-record";

type ListUsersOptions = {
  db: Executor;
  companyId: number;
  /** Samsara's /users leaves deactivated users out (as it does users whose access expired); the dashboard shows them. */
  includeDeactivated?: boolean;
  afterId?: number;
  limit?: number;
};

/** The company's users by id. */
export const listUsers = ({ db, companyId, includeDeactivated = true, afterId, limit = 1_000 }: ListUsersOptions): Promise<UserRow[]> => {
  const conditions: SQL[] = [eq(users.companyId, companyId)];
  if (!includeDeactivated) conditions.push(ne(users.status, "deactivated"));
  if (afterId !== undefined) conditions.push(gt(users.id, afterId));
  return db
    .select(USER_COLUMNS)
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(limit);
};

/**
 * One of the company's users (404 for another company's id, and for a deactivated one unless asked).
 * The /fleet wrapper records a 404 on another company's user in that company's audit log.
 */
export const getUser = async ({
  db,
  companyId,
  userId,
  includeDeactivated = true,
}: {
  db: Executor;
  companyId: number;
  userId: number;
  includeDeactivated?: boolean;
}): Promise<UserRow> => {
  const statuses = includeDeactivated ? (["active", "invited", "deactivated"] as const) : (["active", "invited"] as const);
  const [row] = await db
    .select(USER_COLUMNS)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), inArray(users.status, [...statuses])));
  if (!row) throw new AppError("not_found", `No user ${userId}.`);
  return row;
};
