import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { driverActor, type AuditActor } from "@/lib/audit";
import { getAuthOptions } from "@/lib/auth/auth-options";
import { CLIENT_IP_HEADER, newRequestId } from "@/lib/http";
import type { SignedInDriver } from "@/lib/logbook/driver-logins";

export const getSessionDriver = async (): Promise<SignedInDriver | null> => (await getServerSession(getAuthOptions()))?.driver ?? null;

/** The driver signed in to the logbook (a page or server action of /logbook); anyone else goes to the driver sign-in. */
export const requireDriver = async (): Promise<SignedInDriver> => {
  const driver = await getSessionDriver();
  if (!driver) redirect("/logbook/login");
  return driver;
};

/** The signed-in driver as the audit log's actor, with the address the app's server saw. */
export const driverSessionActor = async (driver: SignedInDriver): Promise<AuditActor> =>
  driverActor({ driver, ip: (await headers()).get(CLIENT_IP_HEADER), requestId: newRequestId() });
