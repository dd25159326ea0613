import { getToken } from "next-auth/jwt";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { redirect } from "next/navigation";
import { driverActor, type AuditActor } from "@/lib/platform/audit";
import { usesSecureCookies } from "@/lib/access/auth/session-cookie";
import { getSecret } from "@/lib/platform/config";
import { CLIENT_IP_HEADER, newRequestId } from "@/lib/platform/http";
import type { SignedInDriver } from "@/lib/hos/logbook/driver-logins";
import { checkDriverSession } from "@/lib/hos/logbook/driver-session-check";

/** The driver of this request's session cookie while the session still counts (lib/hos/logbook/driver-session-check.ts). */
export const getSessionDriver = async (): Promise<SignedInDriver | null> => {
  const cookie = (await headers()).get("cookie") ?? "";
  const token = await getToken({
    req: new NextRequest("http://localhost/", { headers: { cookie } }) as never,
    secret: getSecret("AUTH_SECRET"),
    secureCookie: usesSecureCookies(),
  });
  const driver = token?.driver as SignedInDriver | undefined;
  return driver ? checkDriverSession({ driver }) : null;
};

/** The driver signed in to the logbook (a page or server action of /logbook); anyone else goes to the driver sign-in. */
export const requireDriver = async (): Promise<SignedInDriver> => {
  const driver = await getSessionDriver();
  if (!driver) redirect("/logbook/login");
  return driver;
};

/** The signed-in driver as the audit log's actor, with the address the app's server saw. */
export const driverSessionActor = async (driver: SignedInDriver): Promise<AuditActor> =>
  driverActor({ driver, ip: (await headers()).get(CLIENT_IP_HEADER), requestId: newRequestId() });
