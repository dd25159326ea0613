import { and, asc, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import {
  dvirDefects,
  faultCodes,
  maintenancePrograms,
  vehicles,
  workOrders,
  type WorkOrderLine,
  type WorkOrderSource,
  type WorkOrderStatus,
} from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { afterPosition, updatedMs, type UpdatedPosition } from "@/lib/platform/updated-position";
import { faultCodeLabel } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";

/** A work order's cost: parts, labour and their total, in cents. */
export const costOf = (lines: readonly WorkOrderLine[]) => {
  const sum = (kind: WorkOrderLine["kind"]) =>
    lines.filter((line) => line.kind === kind).reduce((total, line) => total + Math.round(line.quantity * line.unitCostCents), 0);
  const partsCents = sum("part");
  const laborCents = sum("labor");
  return { partsCents, laborCents, totalCents: partsCents + laborCents };
};

const columns = {
  order: workOrders,
  vehicleName: vehicles.name,
  defectLabel: dvirDefects.defectTypeLabel,
  defectDvirId: dvirDefects.dvirId,
  fault: { protocol: faultCodes.protocol, spnId: faultCodes.spnId, fmiId: faultCodes.fmiId, dtcShortCode: faultCodes.dtcShortCode },
  programName: maintenancePrograms.name,
};

/** What an order was opened for, by name (a deleted program keeps its name): with the inspection a defect was reported in. */
export type WorkOrderSourceView = { name: string; dvirId: number | null } | null;

type ReadOptions = { db: Executor; tenant: Tenant; where: SQL | undefined; order: SQL[]; limit: number };

/**
 * The tenant's work orders matching `where` in `order`, each with its vehicle's name, its source (joined on the
 * order's source type: the three ids are separate sequences) and its cost.
 */
const readWorkOrders = async ({ db, tenant, where, order, limit }: ReadOptions) => {
  const source = (type: WorkOrderSource, table: typeof dvirDefects | typeof faultCodes | typeof maintenancePrograms) =>
    and(eq(table.companyId, workOrders.companyId), eq(workOrders.sourceType, type), eq(table.id, workOrders.sourceId));
  const rows = await db
    .select(columns)
    .from(workOrders)
    .innerJoin(vehicles, and(eq(vehicles.companyId, workOrders.companyId), eq(vehicles.id, workOrders.vehicleId)))
    .leftJoin(dvirDefects, source("dvirDefect", dvirDefects))
    .leftJoin(faultCodes, source("fault", faultCodes))
    .leftJoin(maintenancePrograms, source("scheduledMaintenance", maintenancePrograms))
    .where(and(whereTenant(workOrders, tenant), eq(vehicles.companyId, tenant.companyId), where))
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => ({ ...row.order, vehicleName: row.vehicleName, source: sourceOf(row), ...costOf(row.order.lines) }));
};

const sourceOf = (row: {
  defectLabel: string | null;
  defectDvirId: number | null;
  fault: Parameters<typeof faultCodeLabel>[0] | null;
  programName: string | null;
}): WorkOrderSourceView => {
  if (row.defectLabel !== null) return { name: row.defectLabel, dvirId: row.defectDvirId };
  if (row.fault?.protocol) return { name: faultCodeLabel(row.fault), dvirId: null };
  return row.programName === null ? null : { name: row.programName, dvirId: null };
};

/**
 * The tenant's work orders, newest first; one vehicle's (its service history), one status, only `ids`, or those opened
 * for some of a source type's ids (a report's defects, a vehicle's fault codes) when given; older than `olderThanId`
 * (the API's pages).
 */
export const listWorkOrders = ({
  db,
  companyId,
  dataset,
  vehicleId,
  status,
  ids,
  source,
  olderThanId,
  limit = 1_000,
}: TenantQuery & {
  vehicleId?: number;
  status?: WorkOrderStatus;
  ids?: number[];
  source?: { type: WorkOrderSource; ids: number[] };
  olderThanId?: number;
  limit?: number;
}) =>
  readWorkOrders({
    db,
    tenant: { companyId, dataset },
    where: and(
      vehicleId === undefined ? undefined : eq(workOrders.vehicleId, vehicleId),
      status === undefined ? undefined : eq(workOrders.status, status),
      ids === undefined ? undefined : inArray(workOrders.id, ids),
      source === undefined ? undefined : and(eq(workOrders.sourceType, source.type), inArray(workOrders.sourceId, source.ids)),
      olderThanId === undefined ? undefined : lt(workOrders.id, olderThanId),
    ),
    order: [desc(workOrders.id)],
    limit,
  });

export type WorkOrderView = Awaited<ReturnType<typeof listWorkOrders>>[number];

/** One of the tenant's work orders; 404 for another tenant's. */
export const getWorkOrder = async ({ db, companyId, dataset, workOrderId }: TenantQuery & { workOrderId: number }): Promise<WorkOrderView> => {
  const [row] = await readWorkOrders({ db, tenant: { companyId, dataset }, where: eq(workOrders.id, workOrderId), order: [], limit: 1 });
  if (!row) throw new AppError("not_found", `No work order with id ${workOrderId}.`);
  return row;
};

/** Work orders updated in [startTime, endTime) in update order after `after` (Samsara's work order stream); of `statuses` and `vehicleIds` when given. */
export const streamWorkOrders = ({
  db,
  companyId,
  dataset,
  startTime,
  endTime,
  statuses,
  vehicleIds,
  after,
  limit,
}: TenantQuery & { startTime: Date; endTime: Date; statuses?: WorkOrderStatus[]; vehicleIds?: number[]; after?: UpdatedPosition; limit: number }) =>
  readWorkOrders({
    db,
    tenant: { companyId, dataset },
    where: and(
      gte(workOrders.updatedAt, startTime),
      lt(workOrders.updatedAt, endTime),
      statuses === undefined ? undefined : inArray(workOrders.status, statuses),
      vehicleIds === undefined ? undefined : inArray(workOrders.vehicleId, vehicleIds),
      afterPosition({ updatedAt: updatedMs(workOrders.updatedAt), id: workOrders.id }, after),
    ),
    order: [asc(updatedMs(workOrders.updatedAt)), asc(workOrders.id)],
    limit,
  });
