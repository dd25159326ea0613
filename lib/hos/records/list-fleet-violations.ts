import { listDrivers } from "@/lib/fleet/drivers";
import { findHosViolations, type HosViolation } from "@/lib/hos/rules";
import type { TenantQuery } from "@/lib/platform/tenant";
import { hosCalendarOf } from "./compute-drivers-clocks";
import { HOS_LOOKBACK_MS, loadDutyLogs } from "./load-duty-logs";

export type FleetViolation = HosViolation & { driver: { id: number; name: string } };

const DRIVERS_PER_BATCH = 500;

/** Violations of the tenant's drivers (or one driver) overlapping [from, to), newest first. */
export const listFleetViolations = async ({
  db,
  companyId,
  dataset,
  from,
  to,
  driverId,
}: TenantQuery & { from: Date; to: Date; driverId?: number }): Promise<FleetViolation[]> => {
  const result: FleetViolation[] = [];
  let afterId: number | undefined;
  for (;;) {
    const drivers = await listDrivers({
      db,
      companyId,
      dataset,
      driverIds: driverId === undefined ? undefined : [driverId],
      afterId,
      limit: DRIVERS_PER_BATCH,
    });
    if (drivers.length === 0) break;
    const logs = await loadDutyLogs({ db, companyId, dataset, driverIds: drivers.map((d) => d.id), from: new Date(from.getTime() - HOS_LOOKBACK_MS), to });
    for (const driver of drivers) {
      for (const violation of findHosViolations({ log: logs.get(driver.id) ?? [], from, to, driverId: String(driver.id), ...hosCalendarOf(driver) })) {
        result.push({ ...violation, driver: { id: driver.id, name: driver.name } });
      }
    }
    if (drivers.length < DRIVERS_PER_BATCH) break;
    afterId = drivers.at(-1)!.id;
  }
  return result.sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
};
