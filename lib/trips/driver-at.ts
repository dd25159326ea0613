import { and, asc, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";

/**
 * Who drove which vehicle when, for the trips, idles and speeding intervals of a batch: the one place
 * that decides. Today it is the vehicle's statically assigned driver (lowest id when several are, as
 * the map panel shows), whatever the time; once driver–vehicle assignments exist this answers from
 * them and nothing else changes.
 */
export const driversAt = async ({ db, tenant, vehicleIds }: { db: Executor; tenant: Tenant; vehicleIds: readonly number[] }) => {
  const rows =
    vehicleIds.length === 0
      ? []
      : await db
          .select({ id: drivers.id, vehicleId: drivers.staticAssignedVehicleId })
          .from(drivers)
          .where(and(whereTenant(drivers, tenant), inArray(drivers.staticAssignedVehicleId, [...vehicleIds])))
          .orderBy(asc(drivers.id));
  const byVehicle = new Map<number, number>();
  for (const row of rows) if (row.vehicleId !== null && !byVehicle.has(row.vehicleId)) byVehicle.set(row.vehicleId, row.id);
  return (vehicleId: number, _at: number): number | null => byVehicle.get(vehicleId) ?? null;
};
