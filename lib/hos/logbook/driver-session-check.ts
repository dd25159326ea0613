import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { drivers } from "@/db/schema";
import type { SignedInDriver } from "./driver-logins";

/**
 * Whether a driver's logbook session still counts: the driver is active, still has the username they
 * signed in with, and their session version is the one they signed in with (a new password or PIN, or
 * a deactivation, raises it). Read on every logbook request: drivers are few and their pages light.
 * A session from before session versions carries none and counts as version 0.
 */
export const checkDriverSession = async ({ db = getDb(), driver }: { db?: Executor; driver: SignedInDriver }): Promise<SignedInDriver | null> => {
  const [row] = await db
    .select({ name: drivers.name, username: drivers.username, activationStatus: drivers.activationStatus, sessionVersion: drivers.sessionVersion })
    .from(drivers)
    .where(and(eq(drivers.companyId, driver.companyId), eq(drivers.dataset, driver.dataset), eq(drivers.id, driver.driverId)));
  if (!row || row.activationStatus !== "active" || row.sessionVersion !== (driver.sessionVersion ?? 0)) return null;
  if (row.username.trim().toLowerCase() !== driver.username.trim().toLowerCase()) return null;
  return { ...driver, name: row.name };
};
