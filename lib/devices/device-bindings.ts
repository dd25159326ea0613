import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { deviceLookups, vehicles } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { Tenant } from "@/lib/tenant";

export type DeviceVehicle = Tenant & { vehicleId: number };

/**
 * The vehicle a device identifier (OsmAnd id, tracker IMEI) reports for, from the global
 * `device_lookups` table: a device arrives before its company is known, and on Citus a lookup by
 * identifier in the distributed `vehicles` table would ask every shard.
 */
export const findDeviceVehicle = async ({ db, deviceId }: { db: Executor; deviceId: string }): Promise<DeviceVehicle | null> => {
  const [found] = await db
    .select({ vehicleId: deviceLookups.vehicleId, companyId: deviceLookups.companyId, dataset: deviceLookups.dataset })
    .from(deviceLookups)
    .where(eq(deviceLookups.deviceId, deviceId));
  return found ?? null;
};

/**
 * Binds `deviceId` to a vehicle of the tenant (or unbinds it with null): the vehicle's column and
 * the global lookup change in one transaction, so they never disagree. 409 when another vehicle
 * has the identifier.
 */
export const setVehicleDeviceId = async ({ db, companyId, dataset, vehicleId, deviceId }: Tenant & { db: Database; vehicleId: number; deviceId: string | null }) =>
  db.transaction(async (tx) => {
    if (deviceId) {
      const bound = await findDeviceVehicle({ db: tx, deviceId });
      if (bound && bound.vehicleId !== vehicleId) throw new AppError("conflict", `Device "${deviceId}" is already bound to another vehicle.`);
    }
    const [vehicle] = await tx
      .update(vehicles)
      .set({ deviceId })
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset), eq(vehicles.id, vehicleId)))
      .returning({ id: vehicles.id });
    if (!vehicle) throw new AppError("not_found", `Vehicle ${vehicleId} not found.`);
    await tx.delete(deviceLookups).where(and(eq(deviceLookups.companyId, companyId), eq(deviceLookups.vehicleId, vehicleId)));
    if (deviceId) await tx.insert(deviceLookups).values({ deviceId, companyId, dataset, vehicleId });
  });
