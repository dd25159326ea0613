// Public fleet API latency on PostgreSQL: 2,000 vehicles with latest state, route handlers called in-process.
// Run: npx tsx bench/fleet-api.ts   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a fresh database is created and dropped)
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, useDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { companies, vehicles } from "@/db/schema";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { listVehicleStates, listVehicleStateVersions } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { catchUpRollups } from "@/lib/telemetry/rollups/refresh-rollups";
import { ensurePartitions } from "@/lib/telemetry/store/partitions";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as historyRoute from "@/app/fleet/vehicles/locations/history/route";
import { createTestApiKey } from "@/tests/helpers/api-keys";
import { writeTelemetry } from "@/tests/helpers/telemetry";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { STAT_TYPE_NAMES } from "@/lib/interfaces/fleet-api/records/stats-record";
import { measure, measureThroughput } from "./measure";

const VEHICLES = 2000;
const ROUNDS = 200;
const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `fleet_bench_${randomBytes(4).toString("hex")}`;
const withDb = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();

const show = (label: string, r: { p50: number; p99: number; perSecond: number }) =>
  console.log(
    `${label.padEnd(72)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  ${r.perSecond.toFixed(0).padStart(6)} req/s`,
  );

const admin = new Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const handle = openDatabase({ url: withDb(baseUrl, name) });
try {
  const { db } = handle;
  await migrateDatabase(handle);
  useDatabase(handle);
  await seedDemo({ db, liveVehicles: VEHICLES });
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
  const resetBuckets = () => db.execute(sql`delete from rate_limit_buckets`); // untimed: the bench measures latency, not the quota
  const call = (handler: typeof locationsRoute.GET, path: string) => async () => {
    const response = await handler(new Request(`http://bench${path}`, { headers: { authorization: `Bearer ${key}`, [CLIENT_IP_HEADER]: "127.0.0.1" } }), {
      params: Promise.resolve({}),
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.arrayBuffer(); // the bytes a server hands to its socket: decoding them is the client's work
  };
  const tenant = { db, companyId: demo.id, dataset: "live" as const };
  const types = STAT_TYPE_NAMES.join(",");
  const endpoints = [
    ["GET /fleet/vehicles/locations?limit=512", "/fleet/vehicles/locations?limit=512", locationsRoute.GET, true],
    ["GET /fleet/vehicles/stats?limit=512&types=(all 8)", `/fleet/vehicles/stats?limit=512&types=${types}`, statsRoute.GET, false],
  ] as const;
  console.log(
    `PostgreSQL, ${VEHICLES} vehicles with latest state, ${ROUNDS} sequential requests each (handler in-process, incl. auth + rate-limit upsert + JSON)`,
  );
  for (const [label, path, handler, withLocationOnly] of endpoints) {
    show(label, await measure(ROUNDS, call(handler, path), resetBuckets));
    // What a request runs: the page's vehicles and state versions; the full states only of vehicles whose record is not cached.
    show("  bare SQL: listVehicleStateVersions(limit 513)", await measure(ROUNDS, () => listVehicleStateVersions({ ...tenant, limit: 513, withLocationOnly })));
    show("  bare SQL: listVehicleStates(limit 513), all misses", await measure(ROUNDS, () => listVehicleStates({ ...tenant, limit: 513, withLocationOnly })));
  }
  // Capacity: 8 requests in flight. The company's bucket is refilled every 40 requests (fewer than the
  // plan's burst) so the quota does not cap a capacity figure; every request still takes its token.
  const throughput = (path: string, handler: typeof locationsRoute.GET) =>
    measureThroughput({ total: 1200, concurrency: 8, run: call(handler, path), between: resetBuckets, every: 40 });
  for (const [, path, handler] of endpoints) await throughput(path, handler); // warm-up (JIT, caches)
  for (const [label, path, handler] of endpoints)
    console.log(`${`${label}, 8 in flight`.padEnd(72)} ${(await throughput(path, handler)).toFixed(0).padStart(6)} req/s`);
  // The same while every vehicle reports a position and a stats sample each second (in this process, as the app's ingestion would).
  let reporting = true;
  const reporter = (async () => {
    for (let s = 1; reporting; s++) {
      const started = Date.now();
      const time = new Date(started);
      await writeTelemetry({
        ...tenant,
        positions: ids.map((vehicleId, i) => ({ vehicleId, time, latitude: 41 + i / 1e4 + s / 1e6, longitude: -87, speed: 12, heading: 90 })),
        stats: ids.map((vehicleId) => ({
          vehicleId,
          time,
          engineRpm: 1400 + s,
          fuelPercent: 70,
          odometerMeters: 1e6 + s * 12,
          engineSeconds: 1e5 + s,
          speed: 12,
          engineState: "On" as const,
        })),
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  for (const [label, path, handler] of endpoints) {
    console.log(`${`${label}, 8 in flight, all ${VEHICLES} reporting at 1 Hz`.padEnd(72)} ${(await throughput(path, handler)).toFixed(0).padStart(6)} req/s`);
  }
  reporting = false;
  await reporter;

  // 35 days of 1 Hz positions for one vehicle: 3,024,000 rows, generated inside PostgreSQL.
  const vehicleId = ids[0];
  const end = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const start = new Date(end.getTime() - 35 * 86_400_000);
  await ensurePartitions({ db, from: start, to: end });
  const loadStart = performance.now();
  await db.execute(sql`insert into vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading)
    select ${demo.id}, 'live', ${vehicleId}, ${start.toISOString()}::timestamptz + make_interval(secs => s), 1000000 + s, 41 + s / 1e7, -87, 10, 0
    from generate_series(0, 35 * 86400 - 1) as s`);
  await db.execute(sql`analyze vehicle_positions`);
  console.log(`loaded 3,024,000 positions for one vehicle in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
  // The app's rollup job keeps up continuously; here it catches up once, as after a backfill.
  const rollupStart = performance.now();
  await catchUpRollups({ db });
  console.log(`rolled them up (1-minute and 15-minute buckets) in ${((performance.now() - rollupStart) / 1000).toFixed(1)} s`);
  const range = `startTime=${start.toISOString()}&endTime=${end.toISOString()}`;
  show(
    "GET /fleet/vehicles/locations/history (35 d, 1 Hz, 1 vehicle)",
    await measure(5, call(historyRoute.GET, `/fleet/vehicles/locations/history?vehicleIds=${vehicleId}&${range}`), resetBuckets),
  );
  const bucketSeconds = chooseBucketSeconds({ range: { start, end } });
  show(
    "  bare SQL: findLocationHistory from rollups",
    await measure(5, () => findLocationHistory({ db, companyId: demo.id, dataset: "live", vehicleIds: [vehicleId], range: { start, end }, bucketSeconds })),
  );
  show(
    "  bare SQL: findLocationHistory from raw rows",
    await measure(5, () =>
      findLocationHistory({ db, companyId: demo.id, dataset: "live", vehicleIds: [vehicleId], range: { start, end }, bucketSeconds, source: "raw" }),
    ),
  );
  const oneDay = `startTime=${new Date(end.getTime() - 86_400_000).toISOString()}&endTime=${end.toISOString()}`;
  show(
    "GET /fleet/vehicles/locations/history (1 d, 1 Hz, 1 vehicle)",
    await measure(20, call(historyRoute.GET, `/fleet/vehicles/locations/history?vehicleIds=${vehicleId}&${oneDay}`), resetBuckets),
  );
} finally {
  useDatabase(undefined);
  await handle.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
