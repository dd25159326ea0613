import { and, inArray } from "drizzle-orm";
import { vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

/** The tenant's vehicle ids for these VINs (unique per tenant); VINs it does not have are left out. */
export const findVehicleIdsByVin = async ({ db, companyId, dataset, vins }: TenantQuery & { vins: readonly string[] }): Promise<Map<string, number>> => {
  if (vins.length === 0) return new Map();
  const rows = await db
    .select({ id: vehicles.id, vin: vehicles.vin })
    .from(vehicles)
    .where(and(whereTenant(vehicles, { companyId, dataset }), inArray(vehicles.vin, [...new Set(vins)])));
  return new Map(rows.map((row) => [row.vin, row.id]));
};
