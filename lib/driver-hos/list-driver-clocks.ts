import { listDrivers, type DriverRow } from "@/lib/drivers";
import { computeHosClocks, type HosClocks } from "@/lib/hos";
import type { TenantQuery } from "@/lib/tenant";
import { HOS_LOOKBACK_MS, loadDutyLogs, type DutyLogRow } from "./load-duty-logs";

export type DriverClocks = { driver: DriverRow; clocks: HosClocks; lastEntry: DutyLogRow | null };

const DRIVERS_PER_BATCH = 500;

/** The driver's calendar and ruleset, as the engine takes them. */
export const hosCalendarOf = (driver: DriverRow) => ({ ruleset: driver.hosRuleset, timezone: driver.timezone, dayStartHour: driver.dayStartHour });

/**
 * Every active driver's HOS clocks at `at` (the dashboard's HOS board), in driver-id order. Drivers
 * and their logs load in batches, so memory stays bounded by one batch's logs plus the results.
 */
export const listDriverClocks = async ({ db, companyId, dataset, at }: TenantQuery & { at: Date }): Promise<DriverClocks[]> => {
  const result: DriverClocks[] = [];
  let afterId: number | undefined;
  for (;;) {
    const drivers = await listDrivers({ db, companyId, dataset, activationStatus: "active", afterId, limit: DRIVERS_PER_BATCH });
    if (drivers.length === 0) break;
    const logs = await loadDutyLogs({ db, companyId, dataset, driverIds: drivers.map((d) => d.id), from: new Date(at.getTime() - HOS_LOOKBACK_MS), to: at });
    for (const driver of drivers) {
      const log = logs.get(driver.id) ?? [];
      result.push({ driver, clocks: computeHosClocks({ log, at, ...hosCalendarOf(driver) }), lastEntry: log.at(-1) ?? null });
    }
    if (drivers.length < DRIVERS_PER_BATCH) break;
    afterId = drivers.at(-1)!.id;
  }
  return result;
};
