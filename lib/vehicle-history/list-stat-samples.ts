import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/tenant";
import type { TimeRange } from "@/lib/time-range";
import type { StatsBucket } from "./find-stats-history";

/** Keyset position in the raw samples: the last (vehicle, time) returned. */
export type SamplePosition = { vehicleId: number; time: string };

type ListStatSamplesOptions = TenantQuery & { vehicleIds?: readonly number[]; range: TimeRange; after?: SamplePosition; limit: number };

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Raw stat samples over [start, end) in (vehicle_id, time) order, keyset-paged on the primary key. */
export const listStatSamples = async ({ db, companyId, dataset, vehicleIds, range, after, limit }: ListStatSamplesOptions): Promise<StatsBucket[]> => {
  const ids = vehicleIds ? sql`and vehicle_id = any(${`{${vehicleIds.join(",")}}`}::int[])` : sql``;
  const keyset = after ? sql`and (vehicle_id, time) > (${after.vehicleId}, ${after.time}::timestamptz)` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select vehicle_id, time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed from vehicle_stat_samples
        where company_id = ${companyId} and dataset = ${dataset} ${ids} ${keyset}
          and time >= ${range.start.toISOString()}::timestamptz and time < ${range.end.toISOString()}::timestamptz
        order by vehicle_id, time limit ${limit}`,
  );
  return rows.map((row) => ({
    vehicleId: Number(row.vehicle_id),
    time: new Date(row.time as string),
    engineRpm: num(row.engine_rpm),
    fuelPercent: num(row.fuel_percent),
    odometerMeters: num(row.odometer_meters),
    engineSeconds: num(row.engine_seconds),
    speed: num(row.speed),
  }));
};
