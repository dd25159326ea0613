import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { ROLLED_UP_STAT_COLUMNS, rollUpMinuteStats, rollUpRawStats } from "./rolled-up-stats";

/** Which raw rows to (re)aggregate: a time range, or the (vehicle, minute) pairs queued as dirty. */
export type RollupSource = { from: Date; to: Date } | { dirty: SQL };

const minute = (column: string) => sql.raw(`date_bin('60 seconds', ${column}, timestamptz 'epoch')`);
const quarter = (column: string) => sql.raw(`date_bin('900 seconds', ${column}, timestamptz 'epoch')`);

/** Raw rows of `table` selected by `source`, with their minute as `b`. */
const rawRows = (table: string, source: RollupSource) =>
  "dirty" in source
    ? sql`select r.*, d.bucket as b from ${sql.raw(table)} r join (${source.dirty}) d
          on r.company_id = d.company_id and r.vehicle_id = d.vehicle_id and r.time >= d.bucket and r.time < d.bucket + interval '60 seconds'`
    : sql`select *, ${minute("time")} as b from ${sql.raw(table)}
          where time >= ${source.from.toISOString()}::timestamptz and time < ${source.to.toISOString()}::timestamptz`;

/** Minutes covered by `source`, widened to their quarters: the 900-s rollups to rebuild from the 60-s ones. */
const quarterFilter = (source: RollupSource) =>
  "dirty" in source
    ? sql`(company_id, vehicle_id, ${quarter("bucket")}) in (select distinct company_id, vehicle_id, ${quarter("bucket")} from (${source.dirty}) d)`
    : sql`bucket >= date_bin('900 seconds', ${source.from.toISOString()}::timestamptz, timestamptz 'epoch') and bucket <
      ${source.to.toISOString()}::timestamptz`;

const LOCATION_COLUMNS = [
  "vehicle_id",
  "width",
  "bucket",
  "company_id",
  "dataset",
  "points",
  "last_time",
  "latitude",
  "longitude",
  "speed",
  "heading",
  "speed_sum",
  "speed_max",
  "distance_sum",
];
const STAT_COLUMNS = [
  "vehicle_id",
  "width",
  "bucket",
  "company_id",
  "dataset",
  "samples",
  "last_time",
  "engine_rpm_sum",
  "engine_rpm_count",
  "fuel_percent_sum",
  "fuel_percent_count",
  "speed_sum",
  "speed_count",
  "odometer_meters_max",
  "engine_seconds_max",
  "fuel_percent_last",
  "battery_milli_volts_sum",
  "battery_milli_volts_count",
  ...ROLLED_UP_STAT_COLUMNS,
];
/** The rollups' primary key: every other column is replaced on conflict. */
const KEY_COLUMNS = ["company_id", "vehicle_id", "width", "bucket"];
const list = (columns: string[]) => sql.raw(columns.join(", "));
/** The upsert tail: every non-key column replaced by the recomputed value. */
const replaceAll = (columns: string[]) =>
  sql.raw(
    `on conflict (company_id, vehicle_id, width, bucket) do update set ${columns
      .filter((column) => !KEY_COLUMNS.includes(column))
      .map((column) => `${column} = excluded.${column}`)
      .join(", ")}`,
  );

/**
 * Recomputes the rollups of the raw rows `source` selects: 60-s buckets from the raw rows (one sort:
 * a window per vehicle-minute, the last row of each kept), then the 900-s buckets from the 60-s ones.
 * Every row is computed from scratch and replaces the stored one, so re-running is harmless.
 */
export const rollUpRows = async ({ db, source }: { db: Executor; source: RollupSource }) => {
  await db.execute(sql`insert into vehicle_location_rollups (${list(LOCATION_COLUMNS)})
    select distinct on (company_id, vehicle_id, b) vehicle_id, 60, b, company_id, dataset, count(*) over w, time, latitude, longitude, speed, heading,
      sum(speed) over w, max(speed) over w, sum(distance) over w
    from (${rawRows("vehicle_positions", source)}) p
    window w as (partition by company_id, vehicle_id, b)
    order by company_id, vehicle_id, b, time desc
    ${replaceAll(LOCATION_COLUMNS)}`);
  await db.execute(sql`insert into vehicle_location_rollups (${list(LOCATION_COLUMNS)})
    select distinct on (company_id, vehicle_id, q) vehicle_id, 900, q, company_id, dataset, sum(points) over w, last_time, latitude, longitude, speed, heading,
      sum(speed_sum) over w, max(speed_max) over w, sum(distance_sum) over w
    from (select *, ${quarter("bucket")} as q from vehicle_location_rollups where width = 60 and ${quarterFilter(source)}) m
    window w as (partition by company_id, vehicle_id, q)
    order by company_id, vehicle_id, q, last_time desc
    ${replaceAll(LOCATION_COLUMNS)}`);
  await db.execute(sql`insert into vehicle_stat_rollups (${list(STAT_COLUMNS)})
    select distinct on (company_id, vehicle_id, b) vehicle_id, 60, b, company_id, dataset, count(*) over w, time,
      coalesce(sum(engine_rpm) over w, 0), count(engine_rpm) over w, coalesce(sum(fuel_percent) over w, 0), count(fuel_percent) over w,
      coalesce(sum(speed) over w, 0), count(speed) over w, max(odometer_meters) over w, max(engine_seconds) over w, fuel_percent,
      coalesce(sum(battery_milli_volts) over w, 0), count(battery_milli_volts) over w ${rollUpRawStats()}
    from (${rawRows("vehicle_stat_samples", source)}) s
    window w as (partition by company_id, vehicle_id, b)
    order by company_id, vehicle_id, b, time desc
    ${replaceAll(STAT_COLUMNS)}`);
  await db.execute(sql`insert into vehicle_stat_rollups (${list(STAT_COLUMNS)})
    select distinct on (company_id, vehicle_id, q) vehicle_id, 900, q, company_id, dataset, sum(samples) over w, last_time,
      sum(engine_rpm_sum) over w, sum(engine_rpm_count) over w, sum(fuel_percent_sum) over w, sum(fuel_percent_count) over w,
      sum(speed_sum) over w, sum(speed_count) over w, max(odometer_meters_max) over w, max(engine_seconds_max) over w, fuel_percent_last,
      sum(battery_milli_volts_sum) over w, sum(battery_milli_volts_count) over w ${rollUpMinuteStats()}
    from (select *, ${quarter("bucket")} as q from vehicle_stat_rollups where width = 60 and ${quarterFilter(source)}) m
    window w as (partition by company_id, vehicle_id, q)
    order by company_id, vehicle_id, q, last_time desc
    ${replaceAll(STAT_COLUMNS)}`);
};
