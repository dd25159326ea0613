import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";

/** Whose data a query may see: one company and one dataset (live or sandbox). */
export type Tenant = { companyId: number; dataset: Dataset };

/** The options every tenant-scoped domain function takes. */
export type TenantQuery = Tenant & { db: Executor };

/** `company_id = ? and dataset = ?` for a table with tenant columns. */
export const whereTenant = (table: { companyId: PgColumn; dataset: PgColumn }, { companyId, dataset }: Tenant): SQL =>
  and(eq(table.companyId, companyId), eq(table.dataset, dataset)) as SQL;
