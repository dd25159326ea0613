import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { companies } from "@/db/schema";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";

/** Seeds the demo companies (small fleets) and returns their ids. */
export const seedTestCompanies = async ({ db, liveVehicles = 6 }: { db: Database; liveVehicles?: number }) => {
  await seedDemo({ db, liveVehicles });
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const [other] = await db.select().from(companies).where(eq(companies.name, "Other Fleet"));
  return { demoCompanyId: demo.id, otherCompanyId: other.id };
};
