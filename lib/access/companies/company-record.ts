import { getTableColumns } from "drizzle-orm";
import { companies, type CompanyHosRules, type DistanceUnit, type Module, type PlanTier } from "@/db/schema";

/** A company as the operator and the settings page see it. */
export type CompanyRecord = {
  id: number;
  name: string;
  planTier: PlanTier;
  modules: Module[];
  timeZone: string;
  distanceUnit: DistanceUnit;
  hosRules: CompanyHosRules;
  idleMinimumMinutes: number;
  /** m/s */
  speedingThreshold: number;
  createdAt: Date;
};

export const companyRecordColumns = (() => {
  const { id, name, planTier, modules, timeZone, distanceUnit, hosRules, idleMinimumMinutes, speedingThreshold, createdAt } = getTableColumns(companies);
  return { id, name, planTier, modules, timeZone, distanceUnit, hosRules, idleMinimumMinutes, speedingThreshold, createdAt };
})();

export const toCompanyRecord = (row: Omit<CompanyRecord, "modules"> & { modules: string[] }): CompanyRecord => ({ ...row, modules: row.modules as Module[] });
