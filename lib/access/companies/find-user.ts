import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { users } from "@/db/schema";

/** The id of the user signing in with `email` (stored lower-case), if any. */
export const findUserIdByEmail = async ({ db, email }: { db: Executor; email: string }) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user?.id;
};
