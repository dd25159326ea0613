import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, tagDrivers, tags, tagVehicles, vehicles } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

type MemberOptions = Tenant & { db: Executor; field: string };

/** The ids as numbers, each one of the tenant's records in `table`; else a 400 naming the field and the id. */
const requireTenantIds = async ({
  db,
  companyId,
  dataset,
  field,
  table,
  ids,
}: MemberOptions & { table: typeof vehicles | typeof drivers | typeof tags; ids: readonly string[] }) => {
  const wanted = [...new Set(ids.map(Number))];
  if (wanted.length === 0) return wanted;
  const found = new Set(
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(whereTenant(table, { companyId, dataset }), inArray(table.id, wanted)))
    ).map((row) => row.id),
  );
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined)
    throw new AppError(
      "bad_request",
      `Invalid value for "${field}": no ${table === tags ? "tag" : table === vehicles ? "vehicle" : "driver"} with id ${missing}.`,
    );
  return wanted;
};

/** Replaces the tag's vehicles with these (tenant's vehicles only). */
export const setTagVehicles = async ({
  db,
  companyId,
  dataset,
  tagId,
  vehicleIds,
}: Tenant & { db: Executor; tagId: number; vehicleIds: readonly string[] }) => {
  const ids = await requireTenantIds({ db, companyId, dataset, field: "vehicles", table: vehicles, ids: vehicleIds });
  await db.delete(tagVehicles).where(and(eq(tagVehicles.companyId, companyId), eq(tagVehicles.tagId, tagId)));
  if (ids.length > 0) await db.insert(tagVehicles).values(ids.map((vehicleId) => ({ companyId, tagId, vehicleId })));
};

/** Replaces the tag's drivers with these (tenant's drivers only). */
export const setTagDrivers = async ({ db, companyId, dataset, tagId, driverIds }: Tenant & { db: Executor; tagId: number; driverIds: readonly string[] }) => {
  const ids = await requireTenantIds({ db, companyId, dataset, field: "drivers", table: drivers, ids: driverIds });
  await db.delete(tagDrivers).where(and(eq(tagDrivers.companyId, companyId), eq(tagDrivers.tagId, tagId)));
  if (ids.length > 0) await db.insert(tagDrivers).values(ids.map((driverId) => ({ companyId, tagId, driverId })));
};

/** Replaces a vehicle's tags with these (tenant's tags only; `field` names the input field in a 400). */
export const setVehicleTags = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  tagIds,
  field = "tagIds",
}: Tenant & { db: Executor; vehicleId: number; tagIds: readonly string[]; field?: string }) => {
  const ids = await requireTenantIds({ db, companyId, dataset, field, table: tags, ids: tagIds });
  await db.delete(tagVehicles).where(and(eq(tagVehicles.companyId, companyId), eq(tagVehicles.vehicleId, vehicleId)));
  if (ids.length > 0) await db.insert(tagVehicles).values(ids.map((tagId) => ({ companyId, tagId, vehicleId })));
};

/** The tenant's tag ids by lower-cased name (the CSV import names tags; two tags may share a name). */
export const findTagIdsByName = async ({ db, companyId, dataset }: Tenant & { db: Executor }): Promise<Map<string, number[]>> => {
  const byName = new Map<string, number[]>();
  for (const row of await db.select({ id: tags.id, name: tags.name }).from(tags).where(whereTenant(tags, { companyId, dataset }))) {
    const key = row.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), row.id]);
  }
  return byName;
};
