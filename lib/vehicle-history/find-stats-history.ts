import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/tenant";
import type { TimeRange } from "@/lib/time-range";

/** One bucket of a vehicle's stats: averages of the gauges, the last (= largest) value of the counters. */
export type StatsBucket = {
  vehicleId: number;
  /** Start of the bucket. */
  time: Date;
  engineRpm: number | null;
  fuelPercent: number | null;
  odometerMeters: number | null;
  engineSeconds: number | null;
  speed: number | null;
};

type FindStatsHistoryOptions = TenantQuery & { vehicleIds: readonly number[]; range: TimeRange; bucketSeconds: number };

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Downsampled stats of each vehicle over [start, end) in `bucketSeconds` buckets aligned on `start`,
 * aggregated in SQL: avg RPM, fuel level and speed; max odometer and engine seconds (they only grow).
 */
export const findStatsHistory = async ({ db, companyId, dataset, vehicleIds, range, bucketSeconds }: FindStatsHistoryOptions): Promise<StatsBucket[]> => {
  if (vehicleIds.length === 0) return [];
  const bucket = sql`date_bin(${`${bucketSeconds} seconds`}::interval, time, ${range.start.toISOString()}::timestamptz)`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select vehicle_id, ${bucket} as bucket, avg(engine_rpm) as engine_rpm, avg(fuel_percent) as fuel_percent,
          max(odometer_meters) as odometer_meters, max(engine_seconds) as engine_seconds, avg(speed) as speed
        from vehicle_stat_samples
        where vehicle_id = any(${`{${vehicleIds.join(",")}}`}::int[]) and company_id = ${companyId} and dataset = ${dataset}
          and time >= ${range.start.toISOString()}::timestamptz and time < ${range.end.toISOString()}::timestamptz
        group by vehicle_id, bucket order by vehicle_id, bucket`,
  );
  return rows.map((row) => ({
    vehicleId: Number(row.vehicle_id),
    time: new Date(row.bucket as string),
    engineRpm: num(row.engine_rpm),
    fuelPercent: num(row.fuel_percent),
    odometerMeters: num(row.odometer_meters),
    engineSeconds: num(row.engine_seconds),
    speed: num(row.speed),
  }));
};
