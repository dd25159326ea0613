import { and, asc, count, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { listVehicles, withAnyTag, type VehicleRow } from "./list-vehicles";

type SearchVehiclesOptions = TenantQuery & {
  /** Matches name, VIN, plate, make or model, case-insensitively; blank matches all. */
  text?: string;
  /** Only vehicles carrying one of these tags (resolved: lib/fleet/tags resolveTagFilter). */
  tagIds?: readonly number[];
  archived: boolean;
  offset: number;
  limit: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tenant's live (or archived) vehicles matching a search, in name order, a page at a time, and how many match (dashboard list). */
export const searchVehicles = async ({
  db,
  companyId,
  dataset,
  text,
  tagIds,
  archived,
  offset,
  limit,
}: SearchVehiclesOptions): Promise<{ vehicles: VehicleRow[]; count: number }> => {
  const conditions: (SQL | undefined)[] = [
    whereTenant(vehicles, { companyId, dataset }),
    archived ? isNotNull(vehicles.archivedAt) : isNull(vehicles.archivedAt),
  ];
  const pattern = text?.trim() ? `%${escapeLike(text.trim())}%` : undefined;
  if (pattern)
    conditions.push(
      or(
        ilike(vehicles.name, pattern),
        ilike(vehicles.vin, pattern),
        ilike(vehicles.plateNumber, pattern),
        ilike(vehicles.make, pattern),
        ilike(vehicles.model, pattern),
      ),
    );
  if (tagIds) conditions.push(withAnyTag({ companyId, dataset }, tagIds));
  const where = and(...conditions);
  const [page, [total]] = await Promise.all([
    db.select({ id: vehicles.id }).from(vehicles).where(where).orderBy(asc(vehicles.name), asc(vehicles.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(vehicles).where(where),
  ]);
  const rows = await listVehicles({ db, companyId, dataset, vehicleIds: page.map((row) => row.id), archive: "all", limit });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { vehicles: page.flatMap((row) => byId.get(row.id) ?? []), count: total.n };
};
