import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  alertRules,
  contacts,
  drivers,
  dvirDefects,
  dvirDefectTypes,
  dvirs,
  liveShares,
  maintenancePrograms,
  places,
  tags,
  trailerAssignments,
  users,
  vehicles,
  webhooks,
  workOrders,
} from "@/db/schema";

/** The tenant tables a route's records come from (a route sample's `owns`), by the name the samples give them. */
export const OWNED_TABLES = {
  vehicles,
  drivers,
  webhooks,
  users,
  liveShares,
  tags,
  places,
  alertRules,
  contacts,
  dvirs,
  dvirDefects,
  dvirDefectTypes,
  trailerAssignments,
  maintenancePrograms,
  workOrders,
} as const;

export type OwnedTable = keyof typeof OWNED_TABLES;

/** The ids of the table's rows that are the tenant's: its company's and dataset's (users are the company's, whichever dataset). */
export const ownedIds = async ({ db, table, companyId, dataset }: { db: Database; table: OwnedTable; companyId: number; dataset: string }) => {
  if (table === "users") return new Set((await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))).map((row) => row.id));
  const rows = OWNED_TABLES[table];
  return new Set(
    (
      await db
        .select({ id: rows.id })
        .from(rows)
        .where(and(eq(rows.companyId, companyId), eq(rows.dataset, dataset as "live")))
    ).map((row) => row.id),
  );
};
