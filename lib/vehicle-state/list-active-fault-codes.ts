import { and, asc, isNull, sql } from "drizzle-orm";
import { faultCodes } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/tenant";

export type FaultCodeRow = typeof faultCodes.$inferSelect;

/** The active (uncleared) J1939 and OBD-II codes of the given vehicles, oldest first. The ids go as ONE array parameter (512 bind parameters cost ~1.5 ms). */
export const listActiveFaultCodes = async ({ db, companyId, dataset, vehicleIds }: TenantQuery & { vehicleIds: readonly number[] }): Promise<FaultCodeRow[]> => {
  if (vehicleIds.length === 0) return [];
  return db
    .select()
    .from(faultCodes)
    .where(and(whereTenant(faultCodes, { companyId, dataset }), sql`${faultCodes.vehicleId} = any(${`{${vehicleIds.join(",")}}`}::int[])`, isNull(faultCodes.clearedAt)))
    .orderBy(asc(faultCodes.vehicleId), asc(faultCodes.firstSeenAt));
};
