import { encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { sessionClaimsOf, SESSION_MAX_AGE_SECONDS, type SignedIn } from "@/lib/access/auth/session-claims";
import { usesSecureCookies } from "@/lib/access/auth/session-cookie";
import { getSecret } from "@/lib/platform/config";

/**
 * Sets the session cookie next-auth reads (same name, JWT encoding and options), from a server
 * action: the sign-in forms post to actions so that they work before, or without, the page's script.
 */
export const startSession = async (signedIn: SignedIn) => {
  // next-auth's own rule for the cookie's name (getToken reads it the same way).
  const secure = usesSecureCookies();
  const value = await encode({ token: sessionClaimsOf(signedIn), secret: getSecret("AUTH_SECRET"), maxAge: SESSION_MAX_AGE_SECONDS });
  (await cookies()).set(`${secure ? "__Secure-" : ""}next-auth.session-token`, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
};
