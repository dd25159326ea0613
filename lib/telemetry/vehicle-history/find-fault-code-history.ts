import { and, asc, gte, inArray, lt } from "drizzle-orm";
import { faultCodes } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";
import type { FaultCodeRow } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";

/** The fault codes of the given vehicles that were seen at some time in [start, end), cleared or not, oldest first. */
export const findFaultCodeHistory = async ({
  db,
  companyId,
  dataset,
  vehicleIds,
  range,
}: TenantQuery & { vehicleIds: readonly number[]; range: TimeRange }): Promise<FaultCodeRow[]> => {
  if (vehicleIds.length === 0) return [];
  return db
    .select()
    .from(faultCodes)
    .where(
      and(
        whereTenant(faultCodes, { companyId, dataset }),
        inArray(faultCodes.vehicleId, [...vehicleIds]),
        lt(faultCodes.firstSeenAt, range.end),
        gte(faultCodes.lastSeenAt, range.start),
      ),
    )
    .orderBy(asc(faultCodes.vehicleId), asc(faultCodes.firstSeenAt));
};
