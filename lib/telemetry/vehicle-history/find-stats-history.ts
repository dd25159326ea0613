import type { StatReadings } from "@/db/schema";
import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import { statReadingsOf } from "@/db/telemetry-rows";
import { chooseRollupWidth, rollupSplitSql } from "@/lib/telemetry/rollups/choose-rollup-width";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";
import { bucketStats, rawStatsAsHistory, rollupStatsAsHistory } from "@/lib/telemetry/rollups/rolled-up-stats";

/** One bucket of a vehicle's stats: averages of the gauges, the last (= largest) value of the counters. */
export type StatsBucket = StatReadings & {
  vehicleId: number;
  /** Start of the bucket. */
  time: Date;
};

type FindStatsHistoryOptions = TenantQuery & {
  vehicleIds: readonly number[];
  range: TimeRange;
  bucketSeconds: number;
  /** `raw` forces the raw rows (tests compare both); by default rollups serve whatever they can. */
  source?: "auto" | "raw";
};

/**
 * Downsampled stats of each vehicle over [start, end) in `bucketSeconds` buckets aligned on `start`,
 * aggregated in SQL: avg RPM, fuel level, speed, supply voltage and the gauges of rolled-up-stats.ts; max odometer,
 * engine seconds and that file's counters (they only grow).
 * Averages are sums over counts, so rollup rows (sums and counts of whole minutes or quarters) and
 * raw rows (past the rollups' progress) combine exactly.
 */
export const findStatsHistory = async ({
  db,
  companyId,
  dataset,
  vehicleIds,
  range,
  bucketSeconds,
  source = "auto",
}: FindStatsHistoryOptions): Promise<StatsBucket[]> => {
  if (vehicleIds.length === 0) return [];
  const [start, end] = [range.start.toISOString(), range.end.toISOString()];
  const ids = sql`vehicle_id = any(${intArray(vehicleIds)}) and company_id = ${companyId} and dataset = ${dataset}`;
  const width = source === "raw" ? null : chooseRollupWidth({ range, bucketSeconds });
  const split = width ? sql.raw(rollupSplitSql(width, range)) : sql`${end}::timestamptz`;
  const fromRollups = width
    ? sql`select vehicle_id, bucket as time, engine_rpm_sum as rpm_sum, engine_rpm_count as rpm_count, fuel_percent_sum as fuel_sum,
            fuel_percent_count as fuel_count, speed_sum, speed_count, odometer_meters_max as odometer, engine_seconds_max as engine_seconds,
            battery_milli_volts_sum as battery_sum, battery_milli_volts_count as battery_count ${rollupStatsAsHistory()}
          from vehicle_stat_rollups
          where ${ids} and width = ${width} and bucket >= ${start}::timestamptz and bucket < ${end}::timestamptz and bucket < ${split}
          union all `
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select vehicle_id, date_bin(${`${bucketSeconds} seconds`}::interval, time, ${start}::timestamptz) as bucket,
          sum(rpm_sum) / nullif(sum(rpm_count), 0) as engine_rpm, sum(fuel_sum) / nullif(sum(fuel_count), 0) as fuel_percent,
          max(odometer) as odometer_meters, max(engine_seconds) as engine_seconds, sum(speed_sum) / nullif(sum(speed_count), 0) as speed,
          sum(battery_sum) / nullif(sum(battery_count), 0) as battery_milli_volts ${bucketStats()}
        from (${fromRollups}
              select vehicle_id, time, coalesce(engine_rpm, 0)::float8 as rpm_sum, (engine_rpm is not null)::int as rpm_count,
                coalesce(fuel_percent, 0)::float8 as fuel_sum, (fuel_percent is not null)::int as fuel_count, coalesce(speed, 0)::float8 as speed_sum,
                (speed is not null)::int as speed_count, odometer_meters as odometer, engine_seconds,
                coalesce(battery_milli_volts, 0)::float8 as battery_sum, (battery_milli_volts is not null)::int as battery_count ${rawStatsAsHistory()}
              from vehicle_stat_samples
              where ${ids} and time >= ${start}::timestamptz and time < ${end}::timestamptz ${width ? sql`and time >= ${split}` : sql``}) s
        group by vehicle_id, bucket order by vehicle_id, bucket`,
  );
  return rows.map((row) => ({ vehicleId: Number(row.vehicle_id), time: new Date(row.bucket as string), ...statReadingsOf(row) }));
};
