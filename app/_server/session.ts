import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { redirect } from "next/navigation";
import { NextRequest } from "next/server";
import type { Role } from "@/db/schema";
import { getAuthOptions, type SessionUser } from "@/lib/auth/auth-options";
import { getSecret } from "@/lib/config";

export const getSessionUser = async (): Promise<SessionUser | null> => (await getServerSession(getAuthOptions()))?.user ?? null;

/** The signed-in user for a dashboard page; sends others to sign in, and the wrong role to /forbidden. */
export const requireUser = async (roles?: readonly Role[]): Promise<SessionUser> => {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  if (roles && !roles.includes(user.role)) redirect("/forbidden");
  return user;
};

/**
 * The signed-in user of a route handler's request, read from the request's own session cookie
 * (not from Next's request scope), so the handler behaves the same when called directly in tests.
 */
export const getRequestUser = async (request: Request): Promise<SessionUser | null> => {
  // Only the URL and headers (cookies): `new NextRequest(request)` would take over the body's stream,
  // and a route reading its body afterwards (the vehicle CSV import) would find it locked.
  const token = await getToken({ req: new NextRequest(request.url, { headers: request.headers }) as never, secret: getSecret("AUTH_SECRET") });
  return (token?.user as SessionUser | undefined) ?? null;
};
