import { and, asc, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { intArray } from "@/db/rows";
import { vehicles, type AssetKind } from "@/db/schema";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";

export type VehicleTag = { id: number; name: string; parentTagId: number | null };

/** Which vehicles a list shows: the live ones (default), the archived ones, or both (history readers). */
export type ArchiveFilter = "active" | "archived" | "all";

export type VehicleRow = {
  id: number;
  name: string;
  vin: string;
  plateNumber: string;
  make: string;
  model: string;
  year: number | null;
  trailers: string;
  /** The ELD power unit number as set (empty: derived from the name, lib/hos/eld-file). */
  powerUnitNumber: string;
  typeId: number;
  typeName: string;
  subType: string | null;
  notes: string;
  externalIds: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  /** Set when archived: out of the live lists, its history kept. */
  archivedAt: Date | null;
  tags: VehicleTag[];
  assetKind: AssetKind;
  enabledForMobile: boolean;
  /** The driver statically assigned to the vehicle (lowest id when several are). */
  staticAssignedDriver: { id: number; name: string } | null;
};

type ListVehiclesOptions = TenantQuery & {
  /** Only these vehicles (ids of another tenant simply match nothing). */
  vehicleIds?: readonly number[];
  vin?: string;
  /** Only vehicles carrying one of these tags (already resolved: lib/fleet/tags resolveTagFilter). */
  tagIds?: readonly number[];
  archive?: ArchiveFilter;
  /** Which kind of asset: vehicles (default: trailers are listed apart), trailers, or any (readers by id). */
  kind?: AssetKind | "any";
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

const vehicleTags = ({ companyId }: Tenant) => sql<VehicleTag[] | string>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'parentTagId', t.parent_tag_id) order by t.id) from tag_vehicles tv
  join tags t on t.company_id = tv.company_id and t.id = tv.tag_id
  where tv.company_id = ${companyId} and tv.vehicle_id = "vehicles"."id"), '[]')`;

const ARCHIVE_CONDITIONS: Record<ArchiveFilter, SQL | undefined> = {
  active: isNull(vehicles.archivedAt),
  archived: isNotNull(vehicles.archivedAt),
  all: undefined,
};

/** Vehicles carrying one of the tags (the tenant's literal keeps Citus on one shard). */
export const withAnyTag = ({ companyId }: Tenant, tagIds: readonly number[]) =>
  sql`${vehicles.id} in (select tv.vehicle_id from tag_vehicles tv where tv.company_id = ${companyId} and tv.tag_id = any(${intArray(tagIds)}))`;

/**
 * The tenant's vehicles in id order (keyset pages), with their statically assigned driver and tags.
 * Archived vehicles are left out unless `archive` asks for them (readers of history pass "all").
 */
export const listVehicles = async ({
  db,
  companyId,
  dataset,
  vehicleIds,
  vin,
  tagIds,
  archive = "active",
  kind = "vehicle",
  afterId,
  limit,
}: ListVehiclesOptions): Promise<VehicleRow[]> => {
  const conditions: SQL[] = [whereTenant(vehicles, { companyId, dataset })];
  const archived = ARCHIVE_CONDITIONS[archive];
  if (archived) conditions.push(archived);
  if (kind !== "any") conditions.push(sql`${vehicles.assetKind} = ${kind}`);
  if (tagIds) conditions.push(withAnyTag({ companyId, dataset }, tagIds));
  // One array parameter: a tag filter (lib/interfaces/fleet-api/tag-filter.ts) may name a whole fleet.
  if (vehicleIds) conditions.push(sql`${vehicles.id} = any(${intArray(vehicleIds)})`);
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
      powerUnitNumber: vehicles.powerUnitNumber,
      typeId: vehicles.typeId,
      typeName: vehicles.typeName,
      subType: vehicles.subType,
      notes: vehicles.notes,
      externalIds: vehicles.externalIds,
      createdAt: vehicles.createdAt,
      updatedAt: vehicles.updatedAt,
      archivedAt: vehicles.archivedAt,
      assetKind: vehicles.assetKind,
      enabledForMobile: vehicles.enabledForMobile,
      tags: vehicleTags({ companyId, dataset }),
      staticAssignedDriver: assignedDriver({ companyId, dataset }),
    })
    .from(vehicles)
    .where(and(...conditions))
    .orderBy(asc(vehicles.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    tags: (typeof row.tags === "string" ? (JSON.parse(row.tags) as VehicleTag[]) : row.tags).map((tag) => ({
      id: Number(tag.id),
      name: tag.name,
      parentTagId: tag.parentTagId === null ? null : Number(tag.parentTagId),
    })),
    staticAssignedDriver: row.staticAssignedDriver ? { id: Number(row.staticAssignedDriver.id), name: row.staticAssignedDriver.name } : null,
  }));
};
