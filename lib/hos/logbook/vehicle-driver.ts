import { findDriverForVehicle, findVehicleForDriver } from "@/lib/fleet/assignments";
import type { TenantQuery } from "@/lib/platform/tenant";

export type DriverVehicle = { driverId: number; vehicleId: number };

/**
 * Through which the logbook attributes driving: "who drove vehicle V at T" or "which vehicle did
 * driver D drive at T", answered by driver–vehicle assignments (lib/fleet/assignments: an assignment
 * covering T, else the static assignment). Null: nobody (the motion is unassigned driving), or no vehicle.
 */
export const findDriverVehicle = async ({
  at,
  ...of
}: TenantQuery & { at: Date } & ({ vehicleId: number } | { driverId: number })): Promise<DriverVehicle | null> => {
  if ("vehicleId" in of) {
    const { vehicleId, ...tenant } = of;
    const driver = await findDriverForVehicle({ ...tenant, vehicleId, at });
    return driver ? { driverId: driver.id, vehicleId } : null;
  }
  const { driverId, ...tenant } = of;
  const vehicle = await findVehicleForDriver({ ...tenant, driverId, at });
  return vehicle ? { driverId, vehicleId: vehicle.id } : null;
};
