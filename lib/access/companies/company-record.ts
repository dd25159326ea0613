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
  /** ELD compliance facts (Appendix A 4.8.2.1.1). */
  usdotNumber: number | null;
  carrierName: string;
  mainOfficeAddress: string;
  eldRegistrationId: string;
  eldIdentifier: string;
  /** The home town the maps open on without vehicles or places ("Berlin, DE"); null: not set. */
  homeName: string | null;
  homeLatitude: number | null;
  homeLongitude: number | null;
  createdAt: Date;
};

export const companyRecordColumns = (() => {
  const c = getTableColumns(companies);
  return {
    id: c.id,
    name: c.name,
    planTier: c.planTier,
    modules: c.modules,
    timeZone: c.timeZone,
    distanceUnit: c.distanceUnit,
    hosRules: c.hosRules,
    idleMinimumMinutes: c.idleMinimumMinutes,
    speedingThreshold: c.speedingThreshold,
    usdotNumber: c.usdotNumber,
    carrierName: c.carrierName,
    mainOfficeAddress: c.mainOfficeAddress,
    eldRegistrationId: c.eldRegistrationId,
    eldIdentifier: c.eldIdentifier,
    homeName: c.homeName,
    homeLatitude: c.homeLatitude,
    homeLongitude: c.homeLongitude,
    createdAt: c.createdAt,
  };
})();

export const toCompanyRecord = (row: Omit<CompanyRecord, "modules"> & { modules: string[] }): CompanyRecord => ({ ...row, modules: row.modules as Module[] });
