import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import { drivers } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { driverWithAnyTag, listDrivers, type DriverRow } from "./list-drivers";

type SearchDriversOptions = TenantQuery & {
  /** Matches name, username, phone or license number, case-insensitively; blank matches all. */
  text?: string;
  activationStatus?: "active" | "deactivated";
  /** Only drivers carrying one of these tags (resolved: lib/fleet/tags resolveTagFilter). */
  tagIds?: readonly number[];
  offset: number;
  limit: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tenant's drivers matching a search, in name order, one page at a time, and how many match (dashboard list). */
export const searchDrivers = async ({
  db,
  companyId,
  dataset,
  text,
  activationStatus,
  tagIds,
  offset,
  limit,
}: SearchDriversOptions): Promise<{ drivers: DriverRow[]; count: number }> => {
  const conditions: (SQL | undefined)[] = [
    whereTenant(drivers, { companyId, dataset }),
    activationStatus ? eq(drivers.activationStatus, activationStatus) : undefined,
  ];
  const pattern = text?.trim() ? `%${escapeLike(text.trim())}%` : undefined;
  if (pattern)
    conditions.push(or(ilike(drivers.name, pattern), ilike(drivers.username, pattern), ilike(drivers.phone, pattern), ilike(drivers.licenseNumber, pattern)));
  if (tagIds) conditions.push(driverWithAnyTag({ companyId, dataset }, tagIds));
  const where = and(...conditions);
  const [page, [total]] = await Promise.all([
    db.select({ id: drivers.id }).from(drivers).where(where).orderBy(asc(drivers.name), asc(drivers.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(drivers).where(where),
  ]);
  const rows = await listDrivers({ db, companyId, dataset, driverIds: page.map((row) => row.id), limit });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { drivers: page.flatMap((row) => byId.get(row.id) ?? []), count: total.n };
};
