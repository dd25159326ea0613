import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { companies, drivers, type Dataset, vehicles } from "@/db/schema";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";

/** Seeds the demo companies (small fleets) and returns their ids. */
export const seedTestCompanies = async ({ db, liveVehicles = 6 }: { db: Database; liveVehicles?: number }) => {
  await seedDemo({ db, liveVehicles });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const [other] = await db.select().from(companies).where(eq(companies.name, "Other Fleet"));
  return { demoCompanyId: demo.id, otherCompanyId: other.id };
};

/** The ids of a tenant's vehicles or drivers, in creation order. */
export const tenantIds = async ({
  db,
  table,
  companyId,
  dataset = "live",
}: {
  db: Database;
  table: typeof vehicles | typeof drivers;
  companyId: number;
  dataset?: Dataset;
}) =>
  (
    await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.dataset, dataset)))
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);
