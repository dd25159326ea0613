// Reports on PostgreSQL: a 30-day daily summary for 10,000 vehicles and a 7-day trips report for 500,
// over detected trips and idles (4 trips and 2 idles per vehicle and day, written by SQL, then summed
// into vehicle_activity_days as a zone change does: that rebuild is timed too).
// Run: npx tsx bench/reports.ts   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a fresh database is created and dropped)
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { queryRows } from "@/db/rows";
import { companies } from "@/db/schema";
import { buildReport } from "@/lib/reports/build-report";
import { parseReportParams } from "@/lib/reports/report-params";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { rebuildActivityDays } from "@/lib/processing/trips/activity-days";
import { dayInZone } from "@/lib/platform/zoned-time";
import { measure } from "./measure";

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const DAYS = 30;
const ZONE = "America/Chicago";
const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `reports_bench_${randomBytes(4).toString("hex")}`;
const admin = new Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const handle = openDatabase({ url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString() });
try {
  const { db } = handle;
  await migrateDatabase(handle);
  await seedDemo({ db, liveVehicles: VEHICLES });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const started = performance.now();
  // Trips at 07:00, 10:00, 13:00 and 16:00 UTC of each day, 40 minutes and 25 km each; idles of 10 minutes after two of them.
  await db.execute(sql`
    insert into trips (company_id, dataset, vehicle_id, driver_id, start_time, end_time, start_latitude, start_longitude, start_address, end_latitude,
      end_longitude, end_address, distance_meters, max_speed, fuel_used_percent)
    select ${demo.id}, 'live', v.id, null, d + make_interval(hours => h), d + make_interval(hours => h, mins => 40), 41.88, -87.63,
      '105 S State St, Chicago, IL', 41.9, -87.63, '1800 N Halsted St, Chicago, IL', 25000, 25, 2
    from vehicles v, generate_series(date_trunc('day', now()) - interval '${sql.raw(String(DAYS))} days', date_trunc('day', now()) - interval '1 day',
      interval '1 day') d, unnest(array[7, 10, 13, 16]) h
    where v.company_id = ${demo.id} and v.dataset = 'live'`);
  await db.execute(sql`
    insert into idling_events (company_id, dataset, vehicle_id, start_time, end_time, latitude, longitude, address, fuel_used_percent)
    select ${demo.id}, 'live', v.id, d + make_interval(hours => h, mins => 40), d + make_interval(hours => h, mins => 50), 41.9, -87.63,
      '1800 N Halsted St, Chicago, IL', 0.2
    from vehicles v, generate_series(date_trunc('day', now()) - interval '${sql.raw(String(DAYS))} days', date_trunc('day', now()) - interval '1 day',
      interval '1 day') d, unnest(array[7, 13]) h
    where v.company_id = ${demo.id} and v.dataset = 'live'`);
  const [{ count }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from trips`);
  console.log(
    `${count.toLocaleString("en-US")} trips for ${VEHICLES.toLocaleString("en-US")} vehicles written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const rebuilding = performance.now();
  await db.transaction((tx) => rebuildActivityDays({ db: tx, companyId: demo.id, timeZone: ZONE }));
  const [{ days }] = await queryRows<{ days: number }>(db, sql`select count(*)::int as days from vehicle_activity_days`);
  console.log(`activity days rebuilt (a zone change): ${days.toLocaleString("en-US")} rows in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze trips; analyze idling_events; analyze vehicle_activity_days`);
  const tenant = { companyId: demo.id, dataset: "live" as const };
  const now = new Date();
  const day = (daysAgo: number) => dayInZone(now.getTime() - daysAgo * 86_400_000, ZONE);
  const daily = parseReportParams({ params: { kind: "daily", from: day(DAYS), to: day(1) }, timeZone: ZONE, now });
  let dailyRows = 0;
  const dailyTime = await measure(3, async () => (dailyRows = (await buildReport({ db, tenant, params: daily, timeZone: ZONE })).rows.length));
  console.log(
    `daily summary, ${DAYS} days × ${VEHICLES.toLocaleString("en-US")} vehicles ` +
      `(${dailyRows.toLocaleString("en-US")} rows): p50 ${dailyTime.p50.toFixed(0)} ms, worst ` +
      `${dailyTime.p99.toFixed(0)} ms (target < 3,000 ms)`,
  );
  const [{ ids }] = await queryRows<{ ids: number[] }>(
    db,
    sql`select array_agg(id order by id) as ids from (select id from vehicles where company_id = ${demo.id} and dataset = 'live' order by id limit 500) v`,
  );
  const week = parseReportParams({ params: { kind: "trips", from: day(7), to: day(1), vehicleIds: ids.map(String) }, timeZone: ZONE, now });
  let tripRows = 0;
  const tripTime = await measure(5, async () => (tripRows = (await buildReport({ db, tenant, params: week, timeZone: ZONE })).rows.length));
  console.log(
    `trips report, 7 days × 500 vehicles (${tripRows.toLocaleString("en-US")} rows): p50 ` +
      `${tripTime.p50.toFixed(0)} ms, worst ${tripTime.p99.toFixed(0)} ms (target < 1,000 ms)`,
  );
} finally {
  await handle.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
