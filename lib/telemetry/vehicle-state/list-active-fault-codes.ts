import { intArray } from "@/db/rows";
import { and, asc, isNull, sql, type SQL } from "drizzle-orm";
import { faultCodes } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

export type FaultCodeRow = typeof faultCodes.$inferSelect;

/** A code as a mechanic reads it: J1939's SPN and FMI, OBD-II's DTC. */
export const faultCodeLabel = (code: { protocol: string; spnId: number | null; fmiId: number | null; dtcShortCode: string | null }) =>
  code.protocol === "j1939" ? `SPN ${code.spnId ?? 0} FMI ${code.fmiId ?? 0}` : (code.dtcShortCode ?? "DTC");

const listWhere = ({ db, companyId, dataset }: TenantQuery, vehicles: SQL) =>
  db
    .select()
    .from(faultCodes)
    .where(and(whereTenant(faultCodes, { companyId, dataset }), vehicles, isNull(faultCodes.clearedAt)))
    .orderBy(asc(faultCodes.vehicleId), asc(faultCodes.firstSeenAt));

/** The active (uncleared) J1939 and OBD-II codes of the given vehicles, oldest first. The ids go as ONE array parameter (512 bind parameters cost ~1.5 ms). */
export const listActiveFaultCodes = async ({ vehicleIds, ...tenant }: TenantQuery & { vehicleIds: readonly number[] }): Promise<FaultCodeRow[]> => {
  if (vehicleIds.length === 0) return [];
  return listWhere(tenant, sql`${faultCodes.vehicleId} = any(${intArray(vehicleIds)})`);
};

/**
 * The active codes of one keyset page of the tenant's vehicles (id order, after `afterId`, at most
 * `limit`): the page is named by its bounds, so this runs alongside the page's own query.
 */
export const listPageFaultCodes = async ({
  vehicleIds,
  afterId,
  limit,
  ...tenant
}: TenantQuery & { vehicleIds?: readonly number[]; afterId?: number; limit: number }) => {
  const ids = vehicleIds ? sql`and v.id = any(${intArray(vehicleIds)})` : sql``;
  const after = afterId === undefined ? sql`` : sql`and v.id > ${afterId}`;
  return listWhere(
    tenant,
    sql`${faultCodes.vehicleId} in (select v.id from vehicles v where v.company_id = ${tenant.companyId} and v.dataset = ${tenant.dataset} ${ids}
      ${after} order by v.id limit ${limit})`,
  );
};
