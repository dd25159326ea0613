import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, type CompanyHosRules, type Module } from "@/db/schema";
import { toDistanceUnit, type DistanceUnit } from "@/lib/platform/units";
import { AppError } from "@/lib/platform/errors";
import { DEFAULT_TIME_ZONE, isTimeZone } from "@/lib/platform/zoned-time";

/** What the dashboard needs to know about the signed-in user's company: its modules, its clock, its units and whether it keeps HOS. */
export type CompanySettings = { modules: Module[]; timeZone: string; distanceUnit: DistanceUnit; hosRules: CompanyHosRules };

export const getCompanySettings = async ({ db, companyId }: { db: Executor; companyId: number }): Promise<CompanySettings> => {
  const [company] = await db
    .select({ modules: companies.modules, timeZone: companies.timeZone, distanceUnit: companies.distanceUnit, hosRules: companies.hosRules })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("not_found", "Your company no longer exists.");
  // A zone this runtime does not know (a hand-edited row) would fail every page that shows a time.
  return {
    modules: company.modules as Module[],
    timeZone: isTimeZone(company.timeZone) ? company.timeZone : DEFAULT_TIME_ZONE,
    distanceUnit: toDistanceUnit(company.distanceUnit),
    hosRules: company.hosRules,
  };
};
