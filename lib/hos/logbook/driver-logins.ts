import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor } from "@/db/client";
import { companies, driverLogins, drivers, type Dataset } from "@/db/schema";
import { anonymousActor, recordAuditEvent, recordRefusal, type AuditActor } from "@/lib/platform/audit";
import { hashPassword, verifyPassword } from "@/lib/platform/credentials/password";
import { getDriver } from "@/lib/fleet/drivers";
import { reserveSignInAttempt } from "@/lib/platform/credentials/sign-in-throttle";
import { AppError, isAppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { findVehicleForDriver } from "@/lib/fleet/assignments";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";

/**
 * A PIN of 6 to 12 digits, or a password of 8 characters or more. Six digits, not four: the sign-in
 * throttle lets ~480 guesses a day at one username, which goes through 10,000 four-digit PINs in
 * weeks and a million six-digit ones in years (docs/decisions.md "Driver PINs: six digits").
 * A shorter PIN set before keeps signing in until it is changed.
 */
export const driverSecretSchema = z
  .string()
  .max(128, "at most 128 characters")
  .refine((secret) => /^\d{6,12}$/.test(secret) || secret.length >= 8, "a PIN of 6 to 12 digits or a password of at least 8 characters");

/**
 * Sets (or replaces) the password or PIN a driver signs in to the logbook with, under the driver's
 * current username. 409 when another company's driver signs in with that username already.
 */
export const setDriverSecret = async ({
  db,
  companyId,
  dataset,
  driverId,
  secret,
  actor,
}: TenantQuery & { driverId: number; secret: string; actor: AuditActor }) => {
  const parsed = driverSecretSchema.safeParse(secret);
  if (!parsed.success) throw new AppError("bad_request", `Invalid value for "secret": ${parsed.error.issues[0].message}.`);
  const driver = await getDriver({ db, companyId, dataset, driverId });
  const username = driver.username.trim().toLowerCase();
  const secretHash = await hashPassword(secret);
  await db.transaction(async (tx) => {
    const [holder] = await tx.select().from(driverLogins).where(eq(driverLogins.username, username));
    if (holder && (holder.companyId !== companyId || holder.driverId !== driverId)) {
      throw new AppError("conflict", `The username "${driver.username}" signs in another driver; give this driver another username first.`);
    }
    // A renamed driver's old username stops working.
    await tx.delete(driverLogins).where(and(eq(driverLogins.companyId, companyId), eq(driverLogins.driverId, driverId)));
    await tx.insert(driverLogins).values({ username, companyId, dataset, driverId, secretHash });
    // Sessions signed in with the old secret end at their next request.
    await tx
      .update(drivers)
      .set({ sessionVersion: sql`${drivers.sessionVersion} + 1` })
      .where(and(eq(drivers.companyId, companyId), eq(drivers.dataset, dataset), eq(drivers.id, driverId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "driver.sign_in_set",
      target: { type: "driver", id: driverId },
      changes: { username: { before: holder ? username : null, after: username } },
    });
  });
};

export type SignedInDriver = {
  driverId: number;
  name: string;
  username: string;
  companyId: number;
  companyName: string;
  dataset: Dataset;
  sessionVersion: number;
};

const findLogin = async (db: Executor, username: string) => {
  const [login] = await db
    .select({
      companyId: driverLogins.companyId,
      dataset: driverLogins.dataset,
      driverId: driverLogins.driverId,
      secretHash: driverLogins.secretHash,
      companyName: companies.name,
    })
    .from(driverLogins)
    .innerJoin(companies, eq(companies.id, driverLogins.companyId))
    .where(eq(driverLogins.username, username));
  return login;
};

/** A refused logbook sign-in in the driver's company's audit log (one row per driver, address and minute). */
const recordRefusedSignIn = async (db: Executor, login: { companyId: number; driverId: number } | undefined, ip: string | null, error: AppError) => {
  if (!login) return;
  const throttled = error.code === "rate_limited";
  await recordRefusal({
    db,
    companyId: login.companyId,
    actor: anonymousActor({ name: "Logbook sign-in attempt", ip }),
    action: throttled ? "driver.sign_in_throttled" : "driver.sign_in_failed",
    target: { type: "driver", id: login.driverId },
    subject: ip ?? "unknown",
    reason: throttled ? "Too many wrong passwords or PINs: refused before the secret was checked." : "Wrong password or PIN, or the driver is not active.",
  });
};

/** A login (code 1) or logout (code 2) event (Table 6, type 5) on the ELD of the driver's vehicle then, if any. */
export const recordDriverSessionEvent = async ({ db, companyId, dataset, driverId, code }: TenantQuery & { driverId: number; code: 1 | 2 }) => {
  const at = new Date();
  const vehicle = await findVehicleForDriver({ db, companyId, dataset, driverId, at });
  await db.transaction((tx) =>
    recordEldEvents({
      db: tx,
      companyId,
      dataset,
      drafts: [{ driverId, vehicleId: vehicle?.id ?? null, type: 5, code, at, origin: "driver", position: null }],
    }),
  );
};

/**
 * Checks a driver's username and password or PIN, throttled as users' sign-in is (failures only, per
 * username and address, per username, per address; lib/platform/credentials/sign-in-throttle.ts) and audited when
 * refused. Refused when the driver was deactivated or renamed since the secret was set. The session
 * carries the driver's session version (raised by a new secret or a deactivation).
 */
export const authenticateDriver = async ({ username, secret, ip }: { username: string; secret: string; ip: string | null }): Promise<SignedInDriver> => {
  const db = getDb();
  const normalized = username.trim().toLowerCase();
  let login: Awaited<ReturnType<typeof findLogin>> | undefined;
  try {
    const attempt = await reserveSignInAttempt({ db, kind: "driver-signin", account: normalized, ip });
    login = await findLogin(db, normalized);
    const valid = await verifyPassword(secret, login?.secretHash);
    const refused = new AppError("unauthorized", "Wrong username, password or PIN.");
    if (!login || !valid) throw refused;
    const driver = await getDriver({ db, companyId: login.companyId, dataset: login.dataset, driverId: login.driverId }).catch(() => null);
    if (!driver || driver.activationStatus !== "active" || driver.username.trim().toLowerCase() !== normalized) throw refused;
    await attempt.succeeded();
    await recordDriverSessionEvent({ db, companyId: login.companyId, dataset: login.dataset, driverId: driver.id, code: 1 });
    return {
      driverId: driver.id,
      name: driver.name,
      username: driver.username,
      companyId: login.companyId,
      companyName: login.companyName,
      dataset: login.dataset,
      sessionVersion: driver.sessionVersion,
    };
  } catch (error) {
    if (isAppError(error) && (error.code === "unauthorized" || error.code === "rate_limited")) {
      await recordRefusedSignIn(db, login ?? (await findLogin(db, normalized)), ip, error);
    }
    throw error;
  }
};
