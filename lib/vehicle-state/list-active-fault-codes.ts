import { and, asc, inArray, isNull } from "drizzle-orm";
import { faultCodes } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/tenant";

export type FaultCodeRow = typeof faultCodes.$inferSelect;

/** The active (uncleared) J1939 and OBD-II codes of the given vehicles, oldest first. */
export const listActiveFaultCodes = async ({ db, companyId, dataset, vehicleIds }: TenantQuery & { vehicleIds: readonly number[] }): Promise<FaultCodeRow[]> => {
  if (vehicleIds.length === 0) return [];
  return db
    .select()
    .from(faultCodes)
    .where(and(whereTenant(faultCodes, { companyId, dataset }), inArray(faultCodes.vehicleId, [...vehicleIds]), isNull(faultCodes.clearedAt)))
    .orderBy(asc(faultCodes.vehicleId), asc(faultCodes.firstSeenAt));
};
