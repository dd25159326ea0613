import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { devices, vehicles, type DeviceModel } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";
import { COMMAND_TEXTS } from "./command-texts";

/** The vehicle's name and its tracker (null: it has none), or null when the tenant has no such vehicle. */
export const findVehicleTracker = async ({ db, companyId, dataset, vehicleId }: TenantQuery & { db: Executor; vehicleId: number }) => {
  const [found] = await db
    .select({ name: vehicles.name, identifier: devices.identifier, model: devices.model })
    .from(vehicles)
    .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset), eq(vehicles.id, vehicleId)));
  if (!found) return null;
  const tracker = found.identifier && found.model ? { identifier: found.identifier, model: found.model } : null;
  return { name: found.name, tracker };
};

/** Whether trackers of this family take commands from this service. */
export const takesCommands = (model: DeviceModel) => model in COMMAND_TEXTS;
