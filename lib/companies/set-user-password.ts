import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { AppError, fromZodError } from "@/lib/errors";
import { adminInputSchema } from "./company-input";

const passwordSchema = z.strictObject({ email: z.string().trim().toLowerCase(), password: adminInputSchema.shape.password });

/** Sets a user's password (the operator's reset); the user signs in with it at once. */
export const setUserPassword = async ({ db = getDb(), email, password }: { db?: Executor; email: string; password: string }) => {
  const parsed = passwordSchema.safeParse({ email, password });
  if (!parsed.success) throw fromZodError(parsed.error, "password");
  const passwordHash = await hashPassword(parsed.data.password);
  const [user] = await db.update(users).set({ passwordHash }).where(eq(users.email, parsed.data.email)).returning({ id: users.id, companyId: users.companyId });
  if (!user) throw new AppError("not_found", `No user signs in with ${parsed.data.email}.`);
  return user;
};
