import { getToken } from "next-auth/jwt";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { NextRequest } from "next/server";
import type { Role } from "@/db/schema";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import { sessionCheck, type SessionClaims } from "@/lib/access/auth/session-check";
import { usesSecureCookies } from "@/lib/access/auth/session-cookie";
import { getSecret } from "@/lib/platform/config";

/**
 * The signed-in user of a route handler's request, read from the request's own session cookie
 * (not from Next's request scope), so the handler behaves the same when called directly in tests.
 * The session must still count: its user active and its session version current (checked at most
 * SESSION_CHECK_SECONDS apart, lib/access/auth/session-check.ts); the role and name are the user's current ones.
 */
export const getRequestUser = async (request: Request): Promise<SessionUser | null> => {
  // Only the URL and headers (cookies): `new NextRequest(request)` would take over the body's stream,
  // and a route reading its body afterwards (the vehicle CSV import) would find it locked.
  const token = await getToken({
    req: new NextRequest(request.url, { headers: request.headers }) as never,
    secret: getSecret("AUTH_SECRET"),
    secureCookie: usesSecureCookies(),
  });
  const claims = token?.user as SessionClaims | undefined;
  return claims ? sessionCheck.check({ claims }) : null;
};

/** The signed-in user of a page or server action (the same check as routes, on the request's cookie). */
export const getSessionUser = async (): Promise<SessionUser | null> =>
  getRequestUser(new Request("http://localhost/", { headers: { cookie: (await headers()).get("cookie") ?? "" } }));

/** The signed-in user for a dashboard page; sends others to sign in, and the wrong role to /forbidden. */
export const requireUser = async (roles?: readonly Role[]): Promise<SessionUser> => {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  if (roles && !roles.includes(user.role)) redirect("/forbidden");
  return user;
};
