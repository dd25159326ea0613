import { count, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { cameraSecrets, clientKeys, companies, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { getConfig, getSecret } from "@/lib/config";
import { sha256Hex } from "@/lib/crypto";
import { seedPlaces } from "./seed-places";
import { seedFleet } from "./seed-fleet";

export type DemoLogin = { company: string; role: string; email: string; password: string };

const DEMO_SANDBOX_VEHICLES = 5;
const OTHER_FLEET_VEHICLES = 8;
const SEED_LOCK = 7_240_312;

/** The sign-ins the seed creates, from the SEED_* variables or their documented defaults. */
export const getDemoLogins = (): DemoLogin[] => {
  const demoPassword = getSecret("SEED_ADMIN_PASSWORD");
  const demoDomain = getSecret("SEED_ADMIN_EMAIL").split("@")[1];
  return [
    { company: "Demo Fleet", role: "admin", email: getSecret("SEED_ADMIN_EMAIL"), password: demoPassword },
    { company: "Demo Fleet", role: "manager", email: getConfig().SEED_MANAGER_EMAIL ?? `manager@${demoDomain}`, password: demoPassword },
    { company: "Demo Fleet", role: "dispatcher", email: getConfig().SEED_DISPATCHER_EMAIL ?? `dispatcher@${demoDomain}`, password: demoPassword },
    { company: "Other Fleet", role: "admin", email: getSecret("SEED_OTHER_ADMIN_EMAIL"), password: getSecret("SEED_OTHER_ADMIN_PASSWORD") },
  ];
};

/**
 * Seeds "Demo Fleet" (Waste module, Professional, live + sandbox fleets) and "Other Fleet" (no
 * Waste module) when the database has no company yet. Safe to call on every start.
 */
export const seedDemo = async ({ db, liveVehicles }: { db: Database; liveVehicles: number }) => {
  const [{ existing }] = await db.select({ existing: count() }).from(companies);
  if (existing > 0) return { seeded: false };
  const logins = getDemoLogins();
  const passwordHashes = await Promise.all(logins.map((login) => hashPassword(login.password)));
  return db.transaction(async (tx) => {
    // Instances starting together on one empty PostgreSQL: the first seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ seededMeanwhile }] = await tx.select({ seededMeanwhile: count() }).from(companies);
    if (seededMeanwhile > 0) return { seeded: false };
    const [demo] = await tx.insert(companies).values({ name: "Demo Fleet", planTier: "Professional", modules: ["Waste"] }).returning();
    const [other] = await tx.insert(companies).values({ name: "Other Fleet", planTier: "Standard", modules: [] }).returning();
    const companyIdByName: Record<string, number> = { "Demo Fleet": demo.id, "Other Fleet": other.id };
    await tx.insert(users).values(
      logins.map((login, i) => ({
        companyId: companyIdByName[login.company],
        email: login.email.toLowerCase(),
        name: `${login.company} ${login.role[0].toUpperCase()}${login.role.slice(1)}`,
        passwordHash: passwordHashes[i],
        role: login.role as "admin" | "manager" | "dispatcher",
      })),
    );
    await tx.insert(clientKeys).values([
      { companyId: demo.id, name: "Demo partner", hash: sha256Hex(getSecret("SEED_CLIENT_KEY")) },
      { companyId: other.id, name: "Other partner", hash: sha256Hex(getSecret("SEED_OTHER_CLIENT_KEY")) },
    ]);
    await tx.insert(cameraSecrets).values({ companyId: demo.id, secret: getSecret("SEED_CAMERA_SECRET") });
    await seedFleet({ db: tx, companyId: demo.id, dataset: "live", count: liveVehicles, code: "DEMO" });
    await seedPlaces({ db: tx, companyId: demo.id, dataset: "live" });
    await seedFleet({ db: tx, companyId: demo.id, dataset: "test", count: DEMO_SANDBOX_VEHICLES, code: "SBOX" });
    await seedFleet({ db: tx, companyId: other.id, dataset: "live", count: OTHER_FLEET_VEHICLES, code: "OTHR" });
    return { seeded: true };
  });
};
