import { and, asc, gt, inArray, sql, type SQL } from "drizzle-orm";
import { vehicles } from "@/db/schema";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/tenant";

export type VehicleRow = {
  id: number;
  name: string;
  vin: string;
  plateNumber: string;
  make: string;
  model: string;
  year: number | null;
  trailers: string;
  typeId: number;
  typeName: string;
  subType: string | null;
  notes: string;
  externalIds: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  /** The driver statically assigned to the vehicle (lowest id when several are). */
  staticAssignedDriver: { id: number; name: string } | null;
};

type ListVehiclesOptions = TenantQuery & {
  /** Only these vehicles (ids of another tenant simply match nothing). */
  vehicleIds?: readonly number[];
  vin?: string;
  /** Keyset position: vehicles with a larger id. */
  afterId?: number;
  limit: number;
};

// The outer column is spelt out: drizzle renders `${vehicles.id}` here as a bare "id", which the
// subquery would resolve to d.id, giving every vehicle the same driver. The tenant as values: Citus keeps
// a single-shard read only with the tenant's literal in every table's filter.
const assignedDriver = ({ companyId, dataset }: Tenant) => sql<{ id: number; name: string } | null>`(
  select json_build_object('id', d.id, 'name', d.name) from drivers d
  where d.company_id = ${companyId} and d.dataset = ${dataset} and d.static_assigned_vehicle_id = "vehicles"."id"
  order by d.id limit 1)`;

/** The tenant's vehicles in id order (keyset pages), with their statically assigned driver. */
export const listVehicles = async ({ db, companyId, dataset, vehicleIds, vin, afterId, limit }: ListVehiclesOptions): Promise<VehicleRow[]> => {
  const conditions: SQL[] = [whereTenant(vehicles, { companyId, dataset })];
  if (vehicleIds) conditions.push(inArray(vehicles.id, vehicleIds.length > 0 ? [...vehicleIds] : [-1]));
  if (vin !== undefined) conditions.push(sql`${vehicles.vin} = ${vin}`);
  if (afterId !== undefined) conditions.push(gt(vehicles.id, afterId));
  const rows = await db
    .select({
      id: vehicles.id,
      name: vehicles.name,
      vin: vehicles.vin,
      plateNumber: vehicles.plateNumber,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      trailers: vehicles.trailers,
      typeId: vehicles.typeId,
      typeName: vehicles.typeName,
      subType: vehicles.subType,
      notes: vehicles.notes,
      externalIds: vehicles.externalIds,
      createdAt: vehicles.createdAt,
      updatedAt: vehicles.updatedAt,
      staticAssignedDriver: assignedDriver({ companyId, dataset }),
    })
    .from(vehicles)
    .where(and(...conditions))
    .orderBy(asc(vehicles.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    staticAssignedDriver: row.staticAssignedDriver ? { id: Number(row.staticAssignedDriver.id), name: row.staticAssignedDriver.name } : null,
  }));
};
