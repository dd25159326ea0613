import { and, asc, eq, exists, isNull, min } from "drizzle-orm";
import { dvirDefects, dvirs, vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

export type OutOfServiceVehicle = { vehicleId: number; vehicleName: string; since: Date };

/**
 * The tenant's vehicles out of service: a report declared them not safe to operate and a defect of it is
 * still open (49 CFR 396.11(a)(3): repaired, or certified as needing none, before the vehicle is driven).
 * Every such report counts, however old; `since` is the oldest one's submission. By name.
 */
export const listOutOfServiceVehicles = async ({ db, companyId, dataset }: TenantQuery): Promise<OutOfServiceVehicle[]> => {
  const rows = await db
    .select({ vehicleId: dvirs.vehicleId, vehicleName: vehicles.name, since: min(dvirs.submittedAt) })
    .from(dvirs)
    .innerJoin(vehicles, and(eq(vehicles.companyId, dvirs.companyId), eq(vehicles.id, dvirs.vehicleId)))
    .where(
      and(
        whereTenant(dvirs, { companyId, dataset }),
        eq(dvirs.safetyStatus, "unsafe"),
        isNull(dvirs.resolvedAt),
        exists(
          db
            .select({ id: dvirDefects.id })
            .from(dvirDefects)
            .where(and(eq(dvirDefects.companyId, dvirs.companyId), eq(dvirDefects.dvirId, dvirs.id), eq(dvirDefects.isResolved, false))),
        ),
      ),
    )
    .groupBy(dvirs.vehicleId, vehicles.name)
    .orderBy(asc(vehicles.name));
  return rows.map((row) => ({ ...row, since: row.since! }));
};
