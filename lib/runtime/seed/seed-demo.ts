import { count, sql } from "drizzle-orm";
import { analyzeTables } from "@/db/analyze-tables";
import type { Database } from "@/db/client";
import { cameraSecrets, clientKeys, companies, drivers, places, tagDrivers, tags, tagVehicles, unclaimedDevices, users, vehicles } from "@/db/schema";
import { hashPassword } from "@/lib/platform/credentials/password";
import { getConfig, getSecret } from "@/lib/platform/config";
import { sha256Hex } from "@/lib/platform/crypto";
import { seedPlaces } from "./seed-places";
import { seedFleet } from "./seed-fleet";
import { seedTags } from "./seed-tags";

export type DemoLogin = { company: string; role: string; email: string; password: string };

const DEMO_SANDBOX_VEHICLES = 5;
const OTHER_FLEET_VEHICLES = 8;
const SEED_LOCK = 7_240_312;
/** A phone that reports (OsmAnd) but is registered nowhere: recorded as unclaimed, claimed on the Devices page by typing its id. */
export const DEMO_UNCLAIMED_DEVICE = "phone-unclaimed-1";

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
  const result = await db.transaction(async (tx) => {
    // Instances starting together on one empty PostgreSQL: the first seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ seededMeanwhile }] = await tx.select({ seededMeanwhile: count() }).from(companies);
    if (seededMeanwhile > 0) return { seeded: false };
    const [demo] = await tx
      .insert(companies)
      .values({ name: "Demo Fleet", planTier: "Professional", modules: ["Waste"] })
      .returning();
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
    const seedClientKey = (companyId: number, name: string, key: string) => ({ companyId, name, hash: sha256Hex(key), start: `${key.slice(0, 6)}…` });
    await tx
      .insert(clientKeys)
      .values([
        seedClientKey(demo.id, "Demo partner", getSecret("SEED_CLIENT_KEY")),
        seedClientKey(other.id, "Other partner", getSecret("SEED_OTHER_CLIENT_KEY")),
      ]);
    await tx.insert(cameraSecrets).values({ companyId: demo.id, secret: getSecret("SEED_CAMERA_SECRET") });
    const demoFleet = await seedFleet({ db: tx, companyId: demo.id, dataset: "live", count: liveVehicles, code: "DEMO" });
    await seedTags({ db: tx, companyId: demo.id, dataset: "live", ...demoFleet });
    await seedPlaces({ db: tx, companyId: demo.id, dataset: "live" });
    await seedFleet({ db: tx, companyId: demo.id, dataset: "test", count: DEMO_SANDBOX_VEHICLES, code: "SBOX" });
    await seedFleet({ db: tx, companyId: other.id, dataset: "live", count: OTHER_FLEET_VEHICLES, code: "OTHR" });
    const now = Date.now();
    await tx
      .insert(unclaimedDevices)
      .values({
        identifier: DEMO_UNCLAIMED_DEVICE,
        protocol: "osmand",
        firstSeenAt: new Date(now - 2 * 86_400_000),
        lastSeenAt: new Date(now - 5 * 60_000),
        remoteAddress: "198.51.100.23",
        connectionCount: 37,
      })
      .onConflictDoNothing();
    return { seeded: true };
  });
  // The fleet's thousands of rows went into tables the planner last saw empty.
  if (result.seeded) await analyzeTables({ db, tables: [vehicles, drivers, tags, tagVehicles, tagDrivers, places] });
  return result;
};
