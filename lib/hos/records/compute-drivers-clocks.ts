import type { DriverRow } from "@/lib/fleet/drivers";
import { computeHosClocks, type HosClocks } from "@/lib/hos/rules";
import type { TenantQuery } from "@/lib/platform/tenant";
import { HOS_LOOKBACK_MS, loadDutyLogs, type DutyLogRow } from "./load-duty-logs";

export type DriverClocks = { driver: DriverRow; clocks: HosClocks; lastEntry: DutyLogRow | null };

/** The driver's calendar, ruleset and the carrier's elections, as the engine takes them. */
export const hosCalendarOf = (driver: DriverRow) => ({
  ruleset: driver.hosRuleset,
  timezone: driver.timezone,
  dayStartHour: driver.dayStartHour,
  exceptions: { shortHaul: driver.shortHaulException },
});

/**
 * The HOS clocks at `at` of the given drivers: their duty-status logs over the lookback window (plus
 * the entry in force when it opens) in one query, replayed by the pure engine in lib/hos/rules under each
 * driver's ruleset and calendar. The one place clocks are computed for the APIs and the dashboard.
 */
export const computeDriversClocks = async ({
  db,
  companyId,
  dataset,
  drivers,
  at,
}: TenantQuery & { drivers: readonly DriverRow[]; at: Date }): Promise<DriverClocks[]> => {
  if (drivers.length === 0) return [];
  const logs = await loadDutyLogs({ db, companyId, dataset, driverIds: drivers.map((d) => d.id), from: new Date(at.getTime() - HOS_LOOKBACK_MS), to: at });
  return drivers.map((driver) => {
    const log = logs.get(driver.id) ?? [];
    return { driver, clocks: computeHosClocks({ log, at, ...hosCalendarOf(driver) }), lastEntry: log.at(-1) ?? null };
  });
};
