import { sql } from "drizzle-orm";
import { queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";

/**
 * Meters each vehicle moved on its latest fix (vehicle_state does not keep it): primary-key lookups
 * of (vehicle_id, location_time). The times are passed as a constant array so PostgreSQL prunes to
 * the few day partitions they fall in instead of probing every partition.
 */
export const findLatestFixDistances = async ({ db, companyId, dataset, fixes }: TenantQuery & { fixes: readonly { vehicleId: number; time: Date }[] }) => {
  const distances = new Map<number, number>();
  if (fixes.length === 0) return distances;
  const ids = `{${fixes.map((fix) => fix.vehicleId).join(",")}}`;
  const times = `{${[...new Set(fixes.map((fix) => fix.time.toISOString()))].join(",")}}`;
  const rows = await queryRows<{ vehicle_id: number; time: string | Date; distance: number }>(
    db,
    sql`select vehicle_id, time, distance from vehicle_positions
        where company_id = ${companyId} and dataset = ${dataset} and vehicle_id = any(${ids}::int[]) and time = any(${times}::timestamptz[])`,
  );
  const wanted = new Map(fixes.map((fix) => [fix.vehicleId, fix.time.getTime()]));
  for (const row of rows) {
    if (wanted.get(Number(row.vehicle_id)) === new Date(row.time).getTime()) distances.set(Number(row.vehicle_id), Number(row.distance));
  }
  return distances;
};
