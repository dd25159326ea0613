import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getSecret } from "@/lib/config";
import { isAppError } from "@/lib/errors";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { authenticateDriver, type SignedInDriver } from "@/lib/logbook/driver-logins";
import { authenticateUser } from "./authenticate-user";
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

const SESSION_HOURS = 12;

/**
 * Dashboard sign-in: email and password, JWT sessions carrying the user's company and role. A
 * function, so the secret is read when a request needs it, not when the build imports the module.
 * next-auth's URL and the cookie's `Secure` flag follow PUBLIC_URL (lib/auth/session-cookie.ts).
 */
export const getAuthOptions = (): NextAuthOptions => {
  applyPublicUrlToNextAuth();
  return {
    secret: getSecret("AUTH_SECRET"),
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_HOURS * 60 * 60 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials, request) => {
          if (!credentials?.email || !credentials.password) return null;
          const forwarded = request?.headers?.[CLIENT_IP_HEADER];
          try {
            const user = await authenticateUser({ email: credentials.email, password: credentials.password, ip: typeof forwarded === "string" ? forwarded : null });
            return { ...user, id: String(user.id) };
          } catch (error) {
            // next-auth shows the thrown message on the sign-in page ("Too many attempts ...").
            if (isAppError(error) && error.code === "rate_limited") throw new Error(error.message);
            return null;
          }
        },
      }),
      CredentialsProvider({
        id: "driver",
        name: "Driver username and password or PIN",
        credentials: { username: { label: "Username", type: "text" }, secret: { label: "Password or PIN", type: "password" } },
        authorize: async (credentials, request) => {
          if (!credentials?.username || !credentials.secret) return null;
          const forwarded = request?.headers?.[CLIENT_IP_HEADER];
          try {
            const driver = await authenticateDriver({ username: credentials.username, secret: credentials.secret, ip: typeof forwarded === "string" ? forwarded : null });
            return { ...driver, id: `driver:${driver.driverId}` };
          } catch (error) {
            if (isAppError(error) && error.code === "rate_limited") throw new Error(error.message);
            return null;
          }
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => {
        if (user && "driverId" in user) {
          const { id: _id, ...driver } = user as unknown as SignedInDriver & { id: string };
          token.driver = driver;
        } else if (user) {
          // The session version is checked on every page, route and server action (lib/auth/session-check.ts).
          const { sessionVersion, ...signedIn } = user as unknown as SessionUser & { id: string; sessionVersion: number };
          token.user = { ...signedIn, id: Number(signedIn.id), sessionVersion };
        }
        return token;
      },
      session: ({ session, token }) => ({ ...session, user: token.user as SessionUser, ...(token.driver ? { driver: token.driver as SignedInDriver } : {}) }),
    },
  };
};
