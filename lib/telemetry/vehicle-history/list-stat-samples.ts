import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import { statReadingsOf, statReadingsSelect } from "@/db/telemetry-rows";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";
import type { StatsBucket } from "./find-stats-history";

/** Keyset position in the raw samples: the last (vehicle, time) returned. */
export type SamplePosition = { vehicleId: number; time: string };

type ListStatSamplesOptions = TenantQuery & { vehicleIds?: readonly number[]; range: TimeRange; after?: SamplePosition; limit: number };

/** Raw stat samples over [start, end) in (vehicle_id, time) order, keyset-paged on the primary key. */
export const listStatSamples = async ({ db, companyId, dataset, vehicleIds, range, after, limit }: ListStatSamplesOptions): Promise<StatsBucket[]> => {
  const ids = vehicleIds ? sql`and vehicle_id = any(${intArray(vehicleIds)})` : sql``;
  const keyset = after ? sql`and (vehicle_id, time) > (${after.vehicleId}, ${after.time}::timestamptz)` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select vehicle_id, time, ${statReadingsSelect()} from vehicle_stat_samples
        where company_id = ${companyId} and dataset = ${dataset} ${ids} ${keyset}
          and time >= ${range.start.toISOString()}::timestamptz and time < ${range.end.toISOString()}::timestamptz
        order by vehicle_id, time limit ${limit}`,
  );
  return rows.map((row) => ({ vehicleId: Number(row.vehicle_id), time: new Date(row.time as string), ...statReadingsOf(row) }));
};
