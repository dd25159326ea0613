import { and, asc, eq } from "drizzle-orm";
import { drivers } from "@/db/schema";
import type { TenantQuery } from "@/lib/tenant";

export type DriverVehicle = { driverId: number; vehicleId: number };

/**
 * THE answer to "who drove vehicle V at T" and "which vehicle did driver D drive at T", through
 * which the logbook attributes driving: today an active driver's static assigned vehicle (the
 * lowest driver id when several share one), as the HOS pages find a driver's vehicle; driver–vehicle
 * assignments over time replace this body. Null: nobody (the motion is unassigned driving), or no vehicle.
 */
export const findDriverVehicle = async ({ db, companyId, dataset, ...of }: TenantQuery & { at: Date } & ({ vehicleId: number } | { driverId: number })): Promise<DriverVehicle | null> => {
  const [row] = await db
    .select({ driverId: drivers.id, vehicleId: drivers.staticAssignedVehicleId })
    .from(drivers)
    .where(
      and(
        eq(drivers.companyId, companyId),
        eq(drivers.dataset, dataset),
        eq(drivers.activationStatus, "active"),
        "vehicleId" in of ? eq(drivers.staticAssignedVehicleId, of.vehicleId) : eq(drivers.id, of.driverId),
      ),
    )
    .orderBy(asc(drivers.id))
    .limit(1);
  return row?.vehicleId ? { driverId: row.driverId, vehicleId: row.vehicleId } : null;
};
