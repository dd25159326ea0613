import { listDrivers } from "@/lib/fleet/drivers";
import type { TenantQuery } from "@/lib/platform/tenant";
import { computeDriversClocks, type DriverClocks } from "./compute-drivers-clocks";

const DRIVERS_PER_BATCH = 500;

/**
 * Every active driver's HOS clocks at `at` (the dashboard's HOS board), in driver-id order. Drivers
 * and their logs load in batches, so memory stays bounded by one batch's logs plus the results.
 */
export const listDriverClocks = async ({ db, companyId, dataset, at }: TenantQuery & { at: Date }): Promise<DriverClocks[]> => {
  const result: DriverClocks[] = [];
  let afterId: number | undefined;
  for (;;) {
    const drivers = await listDrivers({ db, companyId, dataset, activationStatus: "active", afterId, limit: DRIVERS_PER_BATCH });
    result.push(...(await computeDriversClocks({ db, companyId, dataset, drivers, at })));
    if (drivers.length < DRIVERS_PER_BATCH) break;
    afterId = drivers.at(-1)!.id;
  }
  return result;
};
