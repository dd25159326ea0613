import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { DutyLogRow } from "./load-duty-logs";

/**
 * The log with each driving entry since `from` carrying the meters its vehicle covered while the
 * entry lasted (the sum of the vehicle's position-to-position distances up to the next entry, or
 * `until`), so daily logs show the distance driven. Entries without a vehicle keep none.
 */
export const addDrivingDistances = async ({
  db,
  companyId,
  dataset,
  log,
  from,
  until,
}: TenantQuery & { log: DutyLogRow[]; from: Date; until: Date }): Promise<DutyLogRow[]> => {
  const driving = log.flatMap((entry, index) =>
    entry.status === "driving" && entry.vehicleId !== null && (log[index + 1]?.startTime ?? until) > from
      ? [{ id: entry.id, vehicleId: Number(entry.vehicleId), start: entry.startTime, end: log[index + 1]?.startTime ?? until }]
      : [],
  );
  if (driving.length === 0) return log;
  const rows = await queryRows<{ id: number; meters: number }>(
    db,
    sql`select e.id, (select coalesce(sum(p.distance), 0) from vehicle_positions p
          where p.company_id = ${companyId} and p.dataset = ${dataset} and p.vehicle_id = e.vehicle_id
            and p.time > e.start_time and p.time <= e.end_time)::float8 as meters
        from unnest(${intArray(driving.map((entry) => entry.id))}, ${intArray(driving.map((entry) => entry.vehicleId))},
          ${sql.param(driving.map((entry) => entry.start.toISOString()))}::timestamptz[],
            ${sql.param(driving.map((entry) => entry.end.toISOString()))}::timestamptz[])
          as e(id, vehicle_id, start_time, end_time)`,
  );
  const meters = new Map(rows.map((row) => [Number(row.id), Number(row.meters)]));
  return log.map((entry) => (meters.has(entry.id) ? { ...entry, distanceMeters: meters.get(entry.id) } : entry));
};
