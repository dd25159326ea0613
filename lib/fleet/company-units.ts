import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies } from "@/db/schema";
import { toDistanceUnit, type DistanceUnit } from "@/lib/platform/units";

/** The company's distance unit (Company settings), for what is written in it: place names in log entries, report mails. */
export const getDistanceUnit = async ({ db, companyId }: { db: Executor; companyId: number }): Promise<DistanceUnit> => {
  const [company] = await db.select({ distanceUnit: companies.distanceUnit }).from(companies).where(eq(companies.id, companyId));
  return toDistanceUnit(company?.distanceUnit);
};
