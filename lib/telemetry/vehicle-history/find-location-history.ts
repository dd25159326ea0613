import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import { positionOf } from "@/db/telemetry-rows";
import { chooseRollupWidth, rollupSplitSql } from "@/lib/telemetry/rollups/choose-rollup-width";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";

export type LocationPoint = { vehicleId: number; time: Date; latitude: number; longitude: number; speed: number; heading: number };

type FindLocationHistoryOptions = TenantQuery & {
  vehicleIds: readonly number[];
  range: TimeRange;
  bucketSeconds: number;
  /** `raw` forces the raw rows (tests compare both); by default rollups serve whatever they can. */
  source?: "auto" | "raw";
};

/**
 * The breadcrumb of each vehicle over [start, end): per `bucketSeconds` bucket (aligned on `start`)
 * the last position in it. Buckets that a rollup tiles exactly are re-bucketed from the rollup's
 * last positions (lib/telemetry/rollups) up to where the rollups are complete, raw rows after that; smaller or
 * unaligned buckets read the raw rows over the (company_id, vehicle_id, time) key. Ordered by vehicle, then time.
 */
export const findLocationHistory = async ({ db, companyId, dataset, vehicleIds, range, bucketSeconds, source = "auto" }: FindLocationHistoryOptions) => {
  if (vehicleIds.length === 0) return [];
  const [start, end] = [range.start.toISOString(), range.end.toISOString()];
  const ids = sql`vehicle_id = any(${intArray(vehicleIds)}) and company_id = ${companyId} and dataset = ${dataset}`;
  const width = source === "raw" ? null : chooseRollupWidth({ range, bucketSeconds });
  const split = width ? sql.raw(rollupSplitSql(width, range)) : sql`${end}::timestamptz`;
  const fromRollups = width
    ? sql`select vehicle_id, last_time as time, latitude, longitude, speed, heading from vehicle_location_rollups
          where ${ids} and width = ${width} and bucket >= ${start}::timestamptz and bucket < ${end}::timestamptz and bucket < ${split}
          union all `
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select distinct on (vehicle_id, bucket) vehicle_id, time, latitude, longitude, speed, heading
        from (select *, date_bin(${`${bucketSeconds} seconds`}::interval, time, ${start}::timestamptz) as bucket
              from (${fromRollups}
                    select vehicle_id, time, latitude, longitude, speed, heading from vehicle_positions
                    where ${ids} and time >= ${start}::timestamptz and time < ${end}::timestamptz ${width ? sql`and time >= ${split}` : sql``}) s) p
        order by vehicle_id, bucket, time desc`,
  );
  return rows.map((row): LocationPoint => positionOf(row));
};
