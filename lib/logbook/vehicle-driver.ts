import { and, asc, eq } from "drizzle-orm";
import { drivers } from "@/db/schema";
import type { TenantQuery } from "@/lib/tenant";

/**
 * THE answer to "who drove vehicle V at T", through which automatic driving is attributed: today
 * the active driver whose static assigned vehicle it is (the lowest id when several share one), as
 * the HOS pages find a driver's vehicle. Driver–vehicle assignments over time replace this body.
 * Null: nobody, so the motion is unassigned driving.
 */
export const findVehicleDriver = async ({ db, companyId, dataset, vehicleId }: TenantQuery & { vehicleId: number; at: Date }): Promise<number | null> => {
  const [driver] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.dataset, dataset), eq(drivers.staticAssignedVehicleId, vehicleId), eq(drivers.activationStatus, "active")))
    .orderBy(asc(drivers.id))
    .limit(1);
  return driver?.id ?? null;
};
