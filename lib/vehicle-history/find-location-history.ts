import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/tenant";
import type { TimeRange } from "@/lib/time-range";

export type LocationPoint = { vehicleId: number; time: Date; latitude: number; longitude: number; speed: number; heading: number };

type FindLocationHistoryOptions = TenantQuery & { vehicleIds: readonly number[]; range: TimeRange; bucketSeconds: number };

/**
 * The breadcrumb of each vehicle over [start, end): per `bucketSeconds` bucket (aligned on `start`)
 * the last position in it, computed in SQL over the (vehicle_id, time) primary key. Ordered by
 * vehicle, then time.
 */
export const findLocationHistory = async ({ db, companyId, dataset, vehicleIds, range, bucketSeconds }: FindLocationHistoryOptions) => {
  if (vehicleIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select distinct on (vehicle_id, bucket) vehicle_id, time, latitude, longitude, speed, heading
        from (select vehicle_id, time, latitude, longitude, speed, heading,
                date_bin(${`${bucketSeconds} seconds`}::interval, time, ${range.start.toISOString()}::timestamptz) as bucket
              from vehicle_positions
              where vehicle_id = any(${`{${vehicleIds.join(",")}}`}::int[]) and company_id = ${companyId} and dataset = ${dataset}
                and time >= ${range.start.toISOString()}::timestamptz and time < ${range.end.toISOString()}::timestamptz) p
        order by vehicle_id, bucket, time desc`,
  );
  return rows.map(
    (row): LocationPoint => ({
      vehicleId: Number(row.vehicle_id),
      time: new Date(row.time as string),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      speed: Number(row.speed),
      heading: Number(row.heading),
    }),
  );
};
