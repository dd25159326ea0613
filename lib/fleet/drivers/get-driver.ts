import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listDrivers, type DriverRow } from "./list-drivers";

/** One of the tenant's drivers; 404 when the tenant has no driver with that id. */
export const getDriver = async ({ db, companyId, dataset, driverId }: TenantQuery & { driverId: number }): Promise<DriverRow> => {
  const [driver] = await listDrivers({ db, companyId, dataset, driverIds: [driverId], limit: 1 });
  if (!driver) throw new AppError("not_found", `No driver with id ${driverId}.`);
  return driver;
};
