import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
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
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
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

type Row = Awaited<ReturnType<typeof selectOrders>>[number];

const sourceOf = (row: Row): WorkOrderSourceView => {
  if (row.defectLabel !== null) return { name: row.defectLabel, dvirId: row.defectDvirId };
  if (row.fault?.protocol) return { name: faultCodeLabel(row.fault), dvirId: null };
  return row.programName === null ? null : { name: row.programName, dvirId: null };
};

const viewOf = (row: Row) => ({ ...row.order, vehicleName: row.vehicleName, source: sourceOf(row), ...costOf(row.order.lines) });

/** Each order with its vehicle and its source, joined on the order's source type: the three ids are separate sequences. */
const selectOrders = (db: Executor, companyId: number, where: SQL | undefined) => {
  const source = (type: WorkOrderSource, table: typeof dvirDefects | typeof faultCodes | typeof maintenancePrograms) =>
    and(eq(table.companyId, workOrders.companyId), eq(workOrders.sourceType, type), eq(table.id, workOrders.sourceId));
  return db
    .select(columns)
    .from(workOrders)
    .innerJoin(vehicles, and(eq(vehicles.companyId, workOrders.companyId), eq(vehicles.id, workOrders.vehicleId)))
    .leftJoin(dvirDefects, source("dvirDefect", dvirDefects))
    .leftJoin(faultCodes, source("fault", faultCodes))
    .leftJoin(maintenancePrograms, source("scheduledMaintenance", maintenancePrograms))
    .where(and(where, eq(vehicles.companyId, companyId)));
};

/**
 * The tenant's work orders, newest first; one vehicle's (its service history), one status, or those opened for
 * some of a source type's ids (a report's defects, a vehicle's fault codes) when given.
 */
export const listWorkOrders = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  status,
  source,
  limit = 1_000,
}: TenantQuery & { vehicleId?: number; status?: WorkOrderStatus; source?: { type: WorkOrderSource; ids: number[] }; limit?: number }) =>
  (
    await selectOrders(
      db,
      companyId,
      and(
        whereTenant(workOrders, { companyId, dataset }),
        vehicleId === undefined ? undefined : eq(workOrders.vehicleId, vehicleId),
        status === undefined ? undefined : eq(workOrders.status, status),
        source === undefined ? undefined : and(eq(workOrders.sourceType, source.type), inArray(workOrders.sourceId, source.ids)),
      ),
    )
      .orderBy(desc(workOrders.id))
      .limit(limit)
  ).map(viewOf);

export type WorkOrderView = Awaited<ReturnType<typeof listWorkOrders>>[number];

/** One of the tenant's work orders; 404 for another tenant's. */
export const getWorkOrder = async ({ db, companyId, dataset, workOrderId }: TenantQuery & { workOrderId: number }): Promise<WorkOrderView> => {
  const [row] = await selectOrders(db, companyId, and(whereTenant(workOrders, { companyId, dataset }), eq(workOrders.id, workOrderId)));
  if (!row) throw new AppError("not_found", `No work order with id ${workOrderId}.`);
  return viewOf(row);
};
