import { listDrivers } from "@/lib/drivers";
import { computeHosClocks, type HosClocks } from "@/lib/hos";
import type { TenantQuery } from "@/lib/tenant";
import { HOS_LOOKBACK_MS, loadDutyLogs } from "./load-duty-logs";

export type DriverHosClocks = HosClocks & { driverId: number };

/**
 * Each driver's HOS clocks at `at`: the duty-status log of the lookback window (plus the entry in
 * force when it opens) replayed by the pure engine in lib/hos under the driver's ruleset and
 * calendar. Drivers of other tenants simply match nothing.
 */
export const listCurrentHosClocks = async ({
  db,
  companyId,
  dataset,
  driverIds,
  at = new Date(),
}: TenantQuery & { driverIds: readonly number[]; at?: Date }): Promise<Map<number, DriverHosClocks>> => {
  const result = new Map<number, DriverHosClocks>();
  if (driverIds.length === 0) return result;
  const tenant = { db, companyId, dataset };
  const [drivers, logs] = await Promise.all([
    listDrivers({ ...tenant, driverIds, limit: driverIds.length }),
    loadDutyLogs({ ...tenant, driverIds, from: new Date(at.getTime() - HOS_LOOKBACK_MS), to: at }),
  ]);
  for (const driver of drivers) {
    const clocks = computeHosClocks({ log: logs.get(driver.id) ?? [], ruleset: driver.hosRuleset, at, timezone: driver.timezone, dayStartHour: driver.dayStartHour });
    result.set(driver.id, { ...clocks, driverId: driver.id });
  }
  return result;
};
