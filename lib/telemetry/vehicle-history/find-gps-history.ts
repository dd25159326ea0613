import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";

export type GpsPoint = {
  time: Date;
  latitude: number;
  longitude: number;
  /** Meters travelled within the bucket (the sum of its points' distances), so totals stay exact. */
  distance: number;
  /** Meters per second. */
  speed: number;
  heading: number;
  hdop: number | null;
  satellites: number | null;
};

type FindGpsHistoryOptions = TenantQuery & { vehicleId: number; range: TimeRange; bucketSeconds: number };

/**
 * One vehicle's GPS fixes over [start, end) in `bucketSeconds` buckets aligned on `start`: the last
 * fix of each bucket with the distance of the whole bucket, computed in SQL on the (company_id, vehicle_id, time) key.
 */
export const findGpsHistory = async ({ db, companyId, dataset, vehicleId, range, bucketSeconds }: FindGpsHistoryOptions): Promise<GpsPoint[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select distinct on (bucket) time, latitude, longitude, speed, heading, hdop, satellites,
          sum(distance) over (partition by bucket) as bucket_distance
        from (select time, latitude, longitude, speed, heading, hdop, satellites, distance,
                date_bin(${`${bucketSeconds} seconds`}::interval, time, ${range.start.toISOString()}::timestamptz) as bucket
              from vehicle_positions
              where vehicle_id = ${vehicleId} and company_id = ${companyId} and dataset = ${dataset}
                and time >= ${range.start.toISOString()}::timestamptz and time < ${range.end.toISOString()}::timestamptz) p
        order by bucket, time desc`,
  );
  return rows.map((row) => ({
    time: new Date(row.time as string),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    distance: Number(row.bucket_distance),
    speed: Number(row.speed),
    heading: Number(row.heading),
    hdop: row.hdop === null ? null : Number(row.hdop),
    satellites: row.satellites === null ? null : Number(row.satellites),
  }));
};
