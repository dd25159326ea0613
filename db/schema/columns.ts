import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** Every tenant row belongs to one company and one dataset: `live` data or the `test` sandbox. */
export const DATASETS = ["live", "test"] as const;
export type Dataset = (typeof DATASETS)[number];

export const tenantColumns = () => ({
  companyId: integer("company_id").notNull(),
  dataset: text("dataset", { enum: DATASETS }).notNull().default("live"),
});

export const utc = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => utc("created_at").notNull().defaultNow();
