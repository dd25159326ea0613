import { findVehiclesForDrivers } from "@/lib/fleet/assignments";
import { listActiveEldConditions, type ActiveEldCondition } from "@/lib/hos/eld-events/active-eld-conditions";
import type { TenantQuery } from "@/lib/platform/tenant";
import type { DriverClocks } from "./compute-drivers-clocks";
import { listDriverClocks } from "./list-driver-clocks";

export type HosBoardRow = DriverClocks & {
  /**
   * The vehicle the driver is on now: an assignment covering `at`, else their static vehicle unless another driver is
   * assigned to drive it then (null: neither).
   */
  vehicle: { id: number; name: string } | null;
  /** The active malfunctions and data diagnostics of that vehicle's ELD and the driver's own (the M and D indicators). */
  conditions: ActiveEldCondition[];
};

/**
 * The HOS board at `at`: every active driver's clocks, the vehicle they are on and its ELD's conditions. The vehicle
 * the column shows and the one the indicators read are the same look-up (`findVehiclesForDrivers`), so a driver on
 * another truck than their static one shows that truck beside its indicators.
 */
export const listHosBoard = async ({ db, companyId, dataset, at }: TenantQuery & { at: Date }): Promise<HosBoardRow[]> => {
  const board = await listDriverClocks({ db, companyId, dataset, at });
  const current = await findVehiclesForDrivers({ db, companyId, dataset, driverIds: board.map((row) => row.driver.id), at });
  const conditions = await listActiveEldConditions({
    db,
    companyId,
    dataset,
    drivers: board.map((row) => ({ driverId: row.driver.id, vehicleId: current.get(row.driver.id)?.id ?? null })),
    now: at,
  });
  return board.map((row) => {
    const vehicle = current.get(row.driver.id);
    return {
      ...row,
      vehicle: vehicle ? { id: vehicle.id, name: vehicle.name } : null,
      conditions: conditions.filter((condition) => condition.driverId === row.driver.id),
    };
  });
};
