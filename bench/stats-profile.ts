// Where GET /fleet/vehicles/stats (all types, limit 512, 2,000 vehicles) spends its time, on PostgreSQL
// (records are cached per state version: a hit skips presenting and serializing).
// Run: npx tsx bench/stats-profile.ts   (DATABASE_URL; a fresh database is created and dropped)
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, useDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { companies, vehicles } from "@/db/schema";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { listVehicleStates, listVehicleStateVersions } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { listActiveFaultCodes } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import { presentVehicleStats, STAT_TYPE_NAMES } from "@/lib/interfaces/fleet-api/records/stats-record";
import { takeToken } from "@/lib/platform/rate-limit";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import { createTestApiKey } from "@/tests/helpers/api-keys";
import { writeTelemetry } from "@/tests/helpers/telemetry";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { measure } from "./measure";

const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `stats_profile_${randomBytes(4).toString("hex")}`;
const admin = new Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const handle = openDatabase({ url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString() });
try {
  const { db } = handle;
  await migrateDatabase(handle);
  useDatabase(handle);
  await seedDemo({ db, liveVehicles: 2000 });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const ids = (
    await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(sql`company_id = ${demo.id} and dataset = 'live'`)
  ).map((v) => v.id);
  const now = new Date();
  await writeTelemetry({
    db,
    companyId: demo.id,
    dataset: "live",
    positions: ids.map((vehicleId, i) => ({ vehicleId, time: now, latitude: 41 + i / 1e4, longitude: -87, speed: 12, heading: 90 })),
    stats: ids.map((vehicleId) => ({
      vehicleId,
      time: now,
      engineRpm: 1400,
      fuelPercent: 70,
      odometerMeters: 1e6,
      engineSeconds: 1e5,
      speed: 12,
      engineState: "On" as const,
    })),
  });
  const { key } = await createTestApiKey({ db, companyId: demo.id });
  const tenant = { companyId: demo.id, dataset: "live" as const };
  const resetBuckets = () => db.execute(sql`delete from rate_limit_buckets`);
  const types = STAT_TYPE_NAMES.join(",");
  const call = async () => {
    const response = await statsRoute.GET(
      new Request(`http://bench/fleet/vehicles/stats?limit=512&types=${types}`, {
        headers: { authorization: `Bearer ${key}`, [CLIENT_IP_HEADER]: "127.0.0.1" },
      }),
      { params: Promise.resolve({}) },
    );
    if (response.status !== 200) throw new Error(await response.text());
    return response.text();
  };
  const states = await listVehicleStates({ db, ...tenant, limit: 513 });
  const show = (label: string, r: { p50: number; p99: number }) => console.log(`${label.padEnd(44)} p50 ${r.p50.toFixed(2)} ms p99 ${r.p99.toFixed(2)} ms`);
  for (let round = 0; round < 2; round++) {
    show("GET /fleet/vehicles/stats (all types, 512)", await measure(300, call, resetBuckets));
    show("  bare SQL: listVehicleStateVersions(513)", await measure(300, () => listVehicleStateVersions({ db, ...tenant, limit: 513 })));
    show("  bare SQL: listVehicleStates(limit 513)", await measure(300, () => listVehicleStates({ db, ...tenant, limit: 513 })));
    show("  rate-limit upsert", await measure(300, () => takeToken({ db, key: "x", rule: { capacity: 1e9, refillPerSecond: 1e9 } })));
    show(
      "  listActiveFaultCodes(512 ids)",
      await measure(300, () => listActiveFaultCodes({ db, ...tenant, vehicleIds: states.slice(0, 512).map((s) => s.vehicleId) })),
    );
    show(
      "  present 512 records (cache misses)",
      await measure(300, async () => states.slice(0, 512).map((state) => presentVehicleStats({ state, types: STAT_TYPE_NAMES, faultCodes: [] }))),
    );
    const page = states.slice(0, 512).map((state) => presentVehicleStats({ state, types: STAT_TYPE_NAMES, faultCodes: [] }));
    show("  JSON of the page (cache misses)", await measure(300, async () => JSON.stringify({ data: page })));
  }
} finally {
  useDatabase(undefined);
  await handle.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
