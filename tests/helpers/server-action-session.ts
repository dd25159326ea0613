import { encode } from "next-auth/jwt";
import type { Role } from "@/db/schema";
import type { SignedInDriver } from "@/lib/hos/logbook/driver-logins";
import { getSecret } from "@/lib/platform/config";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";

/**
 * Calls exported server actions (and pages' session helpers) in vitest as a signed-in user would:
 * a test file mocks `next/headers` with `nextHeadersMock` (and `next/cache` with `nextCacheMock`),
 * then `actAs(user)` puts that user's real session cookie on every following call. Everything
 * after the cookie is the app's own code: the JWT is decoded and the session checked against the database.
 */
const current = { cookie: "", ip: "203.0.113.50" };

export type ActingUser = { id: number; email: string; name: string; role: Role; companyId: number; sessionVersion?: number };

export const sessionCookieOf = async ({ sessionVersion = 0, ...user }: ActingUser) => {
  const token = await encode({
    token: { sub: String(user.id), user: { ...user, companyName: "Demo Fleet", sessionVersion } },
    secret: getSecret("AUTH_SECRET"),
  });
  return `next-auth.session-token=${token}`;
};

/** Following calls carry `user`'s session (null: no session) from `ip`. */
export const actAs = async (user: ActingUser | null, ip = "203.0.113.50") => {
  current.cookie = user ? await sessionCookieOf(user) : "";
  current.ip = ip;
};

/** Following calls carry `driver`'s logbook session (the driver sign-in's token: a driver, no user). */
export const actAsDriver = async (driver: SignedInDriver, ip = "203.0.113.50") => {
  const token = await encode({ token: { sub: `driver:${driver.driverId}`, driver }, secret: getSecret("AUTH_SECRET") });
  current.cookie = `next-auth.session-token=${token}`;
  current.ip = ip;
};

export const nextHeadersMock = {
  headers: async () => new Headers({ cookie: current.cookie, [CLIENT_IP_HEADER]: current.ip }),
  // A cookie an action sets (the sign-in actions' session) is carried by the following calls.
  cookies: async () => ({
    get: () => undefined,
    getAll: () => [],
    set: (name: string, value: string) => {
      current.cookie = `${name}=${value}`;
    },
  }),
};

export const nextCacheMock = { revalidatePath: () => undefined, revalidateTag: () => undefined };

/** The FormData a form posts to its server action. */
export const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** Where an action that ends in next/navigation's redirect() sends the browser (it throws; anything else is rethrown). */
export const redirectOf = async (answer: Promise<unknown>): Promise<string> => {
  try {
    await answer;
  } catch (error) {
    const to = /^NEXT_REDIRECT;\w+;([^;]+);/.exec(String((error as { digest?: unknown }).digest))?.[1];
    if (to) return to;
    throw error;
  }
  throw new Error("The action answered without redirecting");
};

/** The session cookie the last action set (the sign-in actions'), as the following calls carry it. */
export const currentCookie = () => current.cookie;
