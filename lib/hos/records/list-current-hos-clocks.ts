import { listDrivers } from "@/lib/fleet/drivers";
import type { HosClocks } from "@/lib/hos/rules";
import type { TenantQuery } from "@/lib/platform/tenant";
import { computeDriversClocks } from "./compute-drivers-clocks";

export type DriverHosClocks = HosClocks & { driverId: number };

/** The HOS clocks at `at` of the drivers with these ids, by driver id (other tenants' ids match nothing). */
export const listCurrentHosClocks = async ({
  db,
  companyId,
  dataset,
  driverIds,
  at = new Date(),
}: TenantQuery & { driverIds: readonly number[]; at?: Date }): Promise<Map<number, DriverHosClocks>> => {
  if (driverIds.length === 0) return new Map();
  const drivers = await listDrivers({ db, companyId, dataset, driverIds, limit: driverIds.length });
  const computed = await computeDriversClocks({ db, companyId, dataset, drivers, at });
  return new Map(computed.map(({ driver, clocks }) => [driver.id, { ...clocks, driverId: driver.id }]));
};
