import type { NextAuthOptions } from "next-auth";
import { getSecret } from "@/lib/platform/config";
import { getDb } from "@/db/client";
import { recordDriverSessionEvent, type SignedInDriver } from "@/lib/hos/logbook/driver-logins";
import { SESSION_MAX_AGE_SECONDS } from "./session-claims";
import { applyPublicUrlToNextAuth, usesSecureCookies } from "./session-cookie";
import type { SessionUser } from "./session-user";

export type { SessionUser } from "./session-user";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
    /** A driver signed in to the logbook: such a session has no `user`, so no dashboard page or route takes it. */
    driver?: SignedInDriver;
  }
}

/**
 * next-auth reads and ends sessions (JWT cookies carrying the user's company and role, or the
 * driver's). It has no provider: the sign-in forms post to server actions that check the password
 * and set its cookie (app/_server/sign-in.ts), so they work before the page's script runs. A
 * function, so the secret is read when a request needs it, not when the build imports the module.
 * next-auth's URL and the cookie's `Secure` flag follow PUBLIC_URL (lib/access/auth/session-cookie.ts).
 */
export const getAuthOptions = (): NextAuthOptions => {
  applyPublicUrlToNextAuth();
  return {
    secret: getSecret("AUTH_SECRET"),
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [],
    callbacks: {
      session: ({ session, token }) => ({ ...session, user: token.user as SessionUser, ...(token.driver ? { driver: token.driver as SignedInDriver } : {}) }),
    },
    events: {
      // A driver's sign-out from the logbook is the ELD's logout record (Appendix A 4.5.1.5).
      signOut: async ({ token }) => {
        const driver = token?.driver as SignedInDriver | undefined;
        if (driver) await recordDriverSessionEvent({ db: getDb(), companyId: driver.companyId, dataset: driver.dataset, driverId: driver.driverId, code: 2 });
      },
    },
  };
};
