import { sql } from "drizzle-orm";
import { intArray, queryRows } from "@/db/rows";
import type { DutyStatus } from "@/db/schema";
import type { DutyStatusEntry } from "@/lib/hos/rules";
import type { TenantQuery } from "@/lib/platform/tenant";

export type DutyLogRow = DutyStatusEntry & {
  id: number;
  driverId: number;
  vehicleId: string | null;
  remark: string;
  latitude: number | null;
  longitude: number | null;
  /** Where the entry was made, as a place name (the nearest town when the entry gave none). */
  locationName: string | null;
};

/** How far before a range the engine needs the log: the 8-day cycle plus a 34-hour restart before it. */
export const HOS_LOOKBACK_MS = 10 * 24 * 60 * 60 * 1000;

/**
 * The duty-status entries of the given drivers that start in [from, to), plus each driver's entry in
 * effect at `from`; oldest first. Uses the (company_id, driver_id, start_time) index. Callers that replay rules pass
 * `from` = range start - HOS_LOOKBACK_MS.
 */
export const loadDutyLogs = async ({ db, companyId, dataset, driverIds, from, to }: TenantQuery & { driverIds: readonly number[]; from: Date; to: Date }) => {
  if (driverIds.length === 0) return new Map<number, DutyLogRow[]>();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.driver_id, l.status, l.start_time, l.vehicle_id, l.adverse_driving, l.sixteen_hour_exception, l.latitude, l.longitude,
      l.remark, l.location_name
        from hos_logs l
        where l.company_id = ${companyId} and l.dataset = ${dataset} and l.driver_id = any(${intArray(driverIds)})
          and l.start_time < ${to.toISOString()}::timestamptz
          and (l.start_time >= ${from.toISOString()}::timestamptz or l.start_time = (
            select max(p.start_time) from hos_logs p where p.company_id = ${companyId} and p.driver_id = l.driver_id and p.start_time <
              ${from.toISOString()}::timestamptz))
        order by l.driver_id, l.start_time`,
  );
  const byDriver = new Map<number, DutyLogRow[]>();
  for (const row of rows) {
    const entry: DutyLogRow = {
      id: Number(row.id),
      driverId: Number(row.driver_id),
      status: row.status as DutyStatus,
      startTime: new Date(row.start_time as string),
      vehicleId: row.vehicle_id === null ? null : String(row.vehicle_id),
      adverseDriving: Boolean(row.adverse_driving),
      sixteenHourException: Boolean(row.sixteen_hour_exception),
      remark: String(row.remark ?? ""),
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      locationName: row.location_name === null || row.location_name === undefined ? null : String(row.location_name),
    };
    const list = byDriver.get(entry.driverId);
    if (list) list.push(entry);
    else byDriver.set(entry.driverId, [entry]);
  }
  return byDriver;
};
