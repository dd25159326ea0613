import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { drivers, type Dataset } from "@/db/schema";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/tenant";

export type DriverRow = Omit<typeof drivers.$inferSelect, "dataset"> & {
  dataset: Dataset;
  staticAssignedVehicle: { id: number; name: string } | null;
};

type ListDriversOptions = TenantQuery & {
  driverIds?: readonly number[];
  activationStatus?: "active" | "deactivated";
  afterId?: number;
  limit: number;
};

// The tenant as values, not the outer row's columns: drizzle leaves those unqualified, where they would
// name the subquery's own columns, and Citus keeps a single-shard read only with the tenant's literal.
const assignedVehicle = ({ companyId, dataset }: Tenant) => sql<{ id: number; name: string } | null>`(
  select json_build_object('id', v.id, 'name', v.name) from vehicles v
  where v.company_id = ${companyId} and v.dataset = ${dataset} and v.id = ${drivers.staticAssignedVehicleId})`;

/** The tenant's drivers in id order (keyset pages), with their statically assigned vehicle. */
export const listDrivers = async ({ db, companyId, dataset, driverIds, activationStatus, afterId, limit }: ListDriversOptions): Promise<DriverRow[]> => {
  const conditions: SQL[] = [whereTenant(drivers, { companyId, dataset })];
  if (driverIds) conditions.push(inArray(drivers.id, driverIds.length > 0 ? [...driverIds] : [-1]));
  if (activationStatus) conditions.push(eq(drivers.activationStatus, activationStatus));
  if (afterId !== undefined) conditions.push(gt(drivers.id, afterId));
  const rows = await db
    .select({ driver: drivers, staticAssignedVehicle: assignedVehicle({ companyId, dataset }) })
    .from(drivers)
    .where(and(...conditions))
    .orderBy(asc(drivers.id))
    .limit(limit);
  return rows.map(({ driver, staticAssignedVehicle }) => ({
    ...driver,
    staticAssignedVehicle: staticAssignedVehicle ? { id: Number(staticAssignedVehicle.id), name: staticAssignedVehicle.name } : null,
  }));
};
