import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { intArray } from "@/db/rows";
import { drivers, type Dataset } from "@/db/schema";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";

type DriverTag = { id: number; name: string; parentTagId: number | null };

export type DriverRow = Omit<typeof drivers.$inferSelect, "dataset"> & {
  dataset: Dataset;
  staticAssignedVehicle: { id: number; name: string } | null;
  tags: DriverTag[];
};

type ListDriversOptions = TenantQuery & {
  driverIds?: readonly number[];
  activationStatus?: "active" | "deactivated";
  /** Only drivers carrying one of these tags (already resolved: lib/fleet/tags resolveTagFilter). */
  tagIds?: readonly number[];
  afterId?: number;
  limit: number;
};

// The tenant as values, not the outer row's columns: drizzle leaves those unqualified, where they would
// name the subquery's own columns, and Citus keeps a single-shard read only with the tenant's literal.
const assignedVehicle = ({ companyId, dataset }: Tenant) => sql<{ id: number; name: string } | null>`(
  select json_build_object('id', v.id, 'name', v.name) from vehicles v
  where v.company_id = ${companyId} and v.dataset = ${dataset} and v.id = ${drivers.staticAssignedVehicleId})`;

const driverTags = ({ companyId }: Tenant) => sql<DriverTag[] | string>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'parentTagId', t.parent_tag_id) order by t.id) from tag_drivers td
  join tags t on t.company_id = td.company_id and t.id = td.tag_id
  where td.company_id = ${companyId} and td.driver_id = "drivers"."id"), '[]')`;

/** Drivers carrying one of the tags (the tenant's literal keeps Citus on one shard). */
export const driverWithAnyTag = ({ companyId }: Tenant, tagIds: readonly number[]) =>
  sql`${drivers.id} in (select td.driver_id from tag_drivers td where td.company_id = ${companyId} and td.tag_id = any(${intArray(tagIds)}))`;

/** The tenant's drivers in id order (keyset pages), with their statically assigned vehicle. */
export const listDrivers = async ({
  db,
  companyId,
  dataset,
  driverIds,
  activationStatus,
  tagIds,
  afterId,
  limit,
}: ListDriversOptions): Promise<DriverRow[]> => {
  const conditions: SQL[] = [whereTenant(drivers, { companyId, dataset })];
  // One array parameter: a tag filter (lib/interfaces/fleet-api/tag-filter.ts) may name every driver.
  if (driverIds) conditions.push(sql`${drivers.id} = any(${intArray(driverIds)})`);
  if (activationStatus) conditions.push(eq(drivers.activationStatus, activationStatus));
  if (tagIds) conditions.push(driverWithAnyTag({ companyId, dataset }, tagIds));
  if (afterId !== undefined) conditions.push(gt(drivers.id, afterId));
  const rows = await db
    .select({ driver: drivers, staticAssignedVehicle: assignedVehicle({ companyId, dataset }), tags: driverTags({ companyId, dataset }) })
    .from(drivers)
    .where(and(...conditions))
    .orderBy(asc(drivers.id))
    .limit(limit);
  return rows.map(({ driver, staticAssignedVehicle, tags }) => ({
    ...driver,
    tags: (typeof tags === "string" ? (JSON.parse(tags) as DriverTag[]) : tags).map((tag) => ({
      id: Number(tag.id),
      name: tag.name,
      parentTagId: tag.parentTagId === null ? null : Number(tag.parentTagId),
    })),
    staticAssignedVehicle: staticAssignedVehicle ? { id: Number(staticAssignedVehicle.id), name: staticAssignedVehicle.name } : null,
  }));
};
