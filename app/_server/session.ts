import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import type { Role } from "@/db/schema";
import { getAuthOptions, type SessionUser } from "@/lib/auth/auth-options";

export const getSessionUser = async (): Promise<SessionUser | null> => (await getServerSession(getAuthOptions()))?.user ?? null;

/** The signed-in user for a dashboard page; sends others to sign in, and the wrong role to /forbidden. */
export const requireUser = async (roles?: readonly Role[]): Promise<SessionUser> => {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  if (roles && !roles.includes(user.role)) redirect("/forbidden");
  return user;
};
