import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

/** What the Account page shows of the signed-in user. */
export const getAccount = async ({ db = getDb(), companyId, userId }: { db?: Executor; companyId: number; userId: number }) => {
  const [row] = await db
    .select({ name: users.name, email: users.email, role: users.role, lastSignInAt: users.lastSignInAt })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!row) throw new AppError("not_found", "No such user.");
  return row;
};
