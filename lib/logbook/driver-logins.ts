import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { companies, driverLogins, type Dataset } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { getDriver } from "@/lib/drivers";
import { AppError } from "@/lib/errors";
import { takeToken } from "@/lib/rate-limit";
import type { TenantQuery } from "@/lib/tenant";

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
export const setDriverSecret = async ({ db, companyId, dataset, driverId, secret, actor }: TenantQuery & { driverId: number; secret: string; actor: AuditActor }) => {
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
    await recordAuditEvent({ db: tx, companyId, actor, action: "driver.sign_in_set", target: { type: "driver", id: driverId }, changes: { username: { before: holder ? username : null, after: username } } });
  });
};

export type SignedInDriver = { driverId: number; name: string; username: string; companyId: number; companyName: string; dataset: Dataset };

// As for users: five tries, then one every 3 minutes per username; twenty per address, then one every 30 s.
const PER_ACCOUNT = { capacity: 5, refillPerSecond: 1 / 180 };
const PER_ADDRESS = { capacity: 20, refillPerSecond: 1 / 30 };

/**
 * Checks a driver's username and password or PIN (throttled like users' sign-in). Refused when the
 * driver was deactivated or renamed since the secret was set.
 */
export const authenticateDriver = async ({ username, secret, ip }: { username: string; secret: string; ip: string | null }): Promise<SignedInDriver> => {
  const db = getDb();
  const normalized = username.trim().toLowerCase();
  const limits = await Promise.all([
    takeToken({ db, key: `driver-signin:account:${normalized}`, rule: PER_ACCOUNT }),
    takeToken({ db, key: `signin:ip:${ip ?? "unknown"}`, rule: PER_ADDRESS }),
  ]);
  const blocked = limits.find((limit) => !limit.allowed);
  if (blocked) {
    throw new AppError("rate_limited", `Too many sign-in attempts. Try again in ${blocked.retryAfterSeconds} seconds.`, { headers: { "Retry-After": String(blocked.retryAfterSeconds) } });
  }
  const [login] = await db
    .select({ companyId: driverLogins.companyId, dataset: driverLogins.dataset, driverId: driverLogins.driverId, secretHash: driverLogins.secretHash, companyName: companies.name })
    .from(driverLogins)
    .innerJoin(companies, eq(companies.id, driverLogins.companyId))
    .where(eq(driverLogins.username, normalized));
  const valid = await verifyPassword(secret, login?.secretHash);
  const refused = new AppError("unauthorized", "Wrong username, password or PIN.");
  if (!login || !valid) throw refused;
  const driver = await getDriver({ db, companyId: login.companyId, dataset: login.dataset, driverId: login.driverId }).catch(() => null);
  if (!driver || driver.activationStatus !== "active" || driver.username.trim().toLowerCase() !== normalized) throw refused;
  return { driverId: driver.id, name: driver.name, username: driver.username, companyId: login.companyId, companyName: login.companyName, dataset: login.dataset };
};
