import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { queryRows } from "@/db/rows";
import { vehicles } from "@/db/schema";
import { catchUpRollups } from "@/lib/telemetry/rollups/refresh-rollups";
import { dropExpiredPartitions } from "@/lib/telemetry/store";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { findStatsHistory } from "@/lib/telemetry/vehicle-history/find-stats-history";
import { seedTestCompanies } from "../../helpers/seeded";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const DAY = 86_400_000;
// Three days back, at midnight UTC: 6 hours of 7-second positions and 20-second stats for two vehicles.
const day0 = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY);
const at = (seconds: number) => new Date(day0.getTime() + seconds * 1000);

const setup = async () => {
  const db = getDb();
  const { demoCompanyId } = await seedTestCompanies({ db: database().db, liveVehicles: 3 });
  const fleet = await db.select().from(vehicles).where(eq(vehicles.companyId, demoCompanyId)).orderBy(asc(vehicles.id));
  const ids = fleet
    .filter((v) => v.dataset === "live")
    .slice(0, 2)
    .map((v) => v.id);
  for (const [n, vehicleId] of ids.entries()) {
    const positions = Array.from({ length: (6 * 3600) / 7 }, (_, i) => ({
      vehicleId,
      time: at(i * 7 + n),
      latitude: 41.8 + i / 1e4,
      longitude: -87.6 - n / 100,
      speed: (i * 3 + n) % 29,
      heading: (i * 11) % 360,
    }));
    const stats = Array.from({ length: (6 * 3600) / 20 }, (_, i) => ({
      vehicleId,
      time: at(i * 20),
      engineRpm: i % 5 === 0 ? null : 800 + ((i * 37) % 1500),
      fuelPercent: 90 - i / 100,
      odometerMeters: 1e6 + i * 150,
      engineSeconds: 5e4 + i * 20,
      speed: (i * 7) % 25,
      engineState: "On" as const,
      batteryMilliVolts: i % 3 === 0 ? null : 12_000 + ((i * 53) % 2000),
      engineCoolantTemperatureMilliC: i % 4 === 0 ? null : 80_000 + ((i * 71) % 15_000),
      gpsOdometerMeters: i % 2 === 0 ? null : 2e6 + i * 140,
      // A digital input on for one sample in 401 (every 2 h 14 min), unreported in one in 7: on in a bucket when on in any row of it.
      auxInput1: i % 401 === 0 ? true : i % 7 === 0 ? null : false,
    }));
    await writeTelemetry({ db, companyId: demoCompanyId, dataset: "live", positions, stats });
  }
  await catchUpRollups({ db });
  return { db, companyId: demoCompanyId, ids };
};

describe("telemetry rollups", () => {
  it("1-minute and 15-minute rollups equal the aggregates of the raw rows, and history from rollups equals history from raw", async () => {
    const { db, companyId, ids } = await setup();
    for (const width of [60, 900]) {
      const [diff] = await queryRows<{ rows: number; mismatches: number }>(
        db,
        sql`with raw as (
              select company_id, vehicle_id, date_bin(${`${width} seconds`}::interval, time, timestamptz 'epoch') as bucket, count(*) as points,
                max(time) as last_time, sum(speed) as speed_sum, max(speed) as speed_max, sum(distance) as distance_sum
              from vehicle_positions group by 1, 2, 3)
            select count(*)::int as rows, count(*) filter (where r.points is distinct from raw.points or r.last_time <> raw.last_time
              or abs(r.speed_sum - raw.speed_sum) > 1e-3 or r.speed_max <> raw.speed_max or abs(r.distance_sum - raw.distance_sum) > 1e-2)::int as mismatches
            from raw full join (select * from vehicle_location_rollups where width = ${width}) r on r.company_id = raw.company_id and r.vehicle_id =
              raw.vehicle_id and r.bucket = raw.bucket`,
      );
      expect(diff.rows).toBe(width === 60 ? 2 * 360 : 2 * 24);
      expect(diff.mismatches).toBe(0);
    }
    const tenant = { db, companyId, dataset: "live" as const, vehicleIds: ids };
    for (const [bucketSeconds, range] of [
      [3600, { start: day0, end: at(6 * 3600) }],
      [900, { start: at(900), end: at(5 * 3600 + 123) }],
      [120, { start: at(60), end: at(3 * 3600) }],
      [45, { start: at(0), end: at(3600) }],
    ] as const) {
      const [fromRollups, fromRaw] = await Promise.all([
        findLocationHistory({ ...tenant, range, bucketSeconds }),
        findLocationHistory({ ...tenant, range, bucketSeconds, source: "raw" }),
      ]);
      expect(fromRollups.length).toBeGreaterThan(0);
      expect(fromRollups).toEqual(fromRaw);
      const [statsRollups, statsRaw] = [
        await findStatsHistory({ ...tenant, range, bucketSeconds }),
        await findStatsHistory({ ...tenant, range, bucketSeconds, source: "raw" }),
      ];
      expect(statsRollups.map((b) => [b.vehicleId, b.time, b.odometerMeters, b.engineSeconds, b.gpsOdometerMeters, b.auxInput1])).toEqual(
        statsRaw.map((b) => [b.vehicleId, b.time, b.odometerMeters, b.engineSeconds, b.gpsOdometerMeters, b.auxInput1]),
      );
      expect(new Set(statsRaw.map((b) => b.auxInput1))).toEqual(new Set([true, false]));
      statsRollups.forEach((bucket, i) => {
        expect(bucket.engineRpm).toBeCloseTo(statsRaw[i].engineRpm!, 3);
        expect(bucket.fuelPercent).toBeCloseTo(statsRaw[i].fuelPercent!, 3);
        expect(bucket.speed).toBeCloseTo(statsRaw[i].speed!, 3);
        expect(bucket.batteryMilliVolts).toBeCloseTo(statsRaw[i].batteryMilliVolts!, 3);
        expect(bucket.engineCoolantTemperatureMilliC).toBeCloseTo(statsRaw[i].engineCoolantTemperatureMilliC!, 3);
      });
    }
  });

  it("late points below the watermark are queued and folded into the rollups by the next run", async () => {
    const db = getDb();
    const [{ vehicle_id: vehicleId, company_id: companyId }] = await queryRows<{ vehicle_id: number; company_id: number }>(
      db,
      sql`select vehicle_id, company_id from vehicle_positions limit 1`,
    );
    const late = at(3 * 3600 + 3); // inside an already rolled-up minute, between two stored points
    await writeTelemetry({ db, companyId, dataset: "live", positions: [{ vehicleId, time: late, latitude: 42, longitude: -88, speed: 140 }] });
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rollup_dirty`))[0].n).toBe(1);
    await catchUpRollups({ db });
    const [minute] = await queryRows<{ speed_max: number }>(
      db,
      sql`select speed_max from vehicle_location_rollups
      where vehicle_id = ${vehicleId} and width = 900 and bucket = ${at(3 * 3600).toISOString()}::timestamptz`,
    );
    expect(minute.speed_max).toBe(140);
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rollup_dirty`))[0].n).toBe(0);
  });

  it("retention drops the expired day's raw and rollup partitions and nothing else", async () => {
    const db = getDb();
    const count = async (table: string) => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n;
    const [vehicle] = await queryRows<{ vehicle_id: number; company_id: number }>(db, sql`select vehicle_id, company_id from vehicle_positions limit 1`);
    // One newer day of data, rolled up, that must survive.
    await writeTelemetry({
      db,
      companyId: vehicle.company_id,
      dataset: "live",
      positions: [{ vehicleId: vehicle.vehicle_id, time: new Date(day0.getTime() + DAY + 600_000), latitude: 41, longitude: -87 }],
    });
    await catchUpRollups({ db });
    const before = {
      positions: await count("vehicle_positions"),
      rollups: await count("vehicle_location_rollups"),
      stats: await count("vehicle_stat_rollups"),
    };
    const dropped = await dropExpiredPartitions({ db, retentionDays: 2, now: new Date(day0.getTime() + 3 * DAY) });
    const day = day0.toISOString().slice(0, 10).replaceAll("-", "");
    expect(dropped.sort()).toEqual([
      `vehicle_location_rollups_${day}`,
      `vehicle_positions_${day}`,
      `vehicle_stat_rollups_${day}`,
      `vehicle_stat_samples_${day}`,
    ]);
    expect(await count("vehicle_positions")).toBe(1);
    expect(await count("vehicle_location_rollups")).toBe(2);
    expect(await count("vehicle_stat_samples")).toBe(0);
    expect(before.positions).toBeGreaterThan(1);
    expect(before.rollups).toBeGreaterThan(2);
    expect(before.stats).toBeGreaterThan(0);
  });
});
