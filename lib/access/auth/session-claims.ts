import type { JWT } from "next-auth/jwt";
import type { SignedInDriver } from "@/lib/hos/logbook/driver-logins";
import type { AuthenticatedUser } from "./authenticate-user";

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Who signed in: a dashboard user or a logbook driver. */
export type SignedIn = { user: AuthenticatedUser } | { driver: SignedInDriver };

/**
 * The session cookie's claims, as next-auth's JWT callback used to make them: a user's carry the
 * session version checked on every page, route and server action (lib/access/auth/session-check.ts); a
 * driver's session has no `user`, so no dashboard page or route takes it.
 */
export const sessionClaimsOf = (signedIn: SignedIn): JWT =>
  "user" in signedIn
    ? { sub: String(signedIn.user.id), name: signedIn.user.name, email: signedIn.user.email, user: signedIn.user }
    : { sub: `driver:${signedIn.driver.driverId}`, name: signedIn.driver.name, driver: signedIn.driver };
