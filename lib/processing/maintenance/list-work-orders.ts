import { and, asc, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicles, workOrders, type WorkOrderLine, type WorkOrderStatus } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { afterPosition, updatedMs, type UpdatedPosition } from "@/lib/platform/updated-position";

/** A work order's cost: parts, labour and their total, in cents. */
export const costOf = (lines: readonly WorkOrderLine[]) => {
  const sum = (kind: WorkOrderLine["kind"]) =>
    lines.filter((line) => line.kind === kind).reduce((total, line) => total + Math.round(line.quantity * line.unitCostCents), 0);
  const partsCents = sum("part");
  const laborCents = sum("labor");
  return { partsCents, laborCents, totalCents: partsCents + laborCents };
};

/** The tenant's work orders matching `where`, with their vehicle's name and cost, in `order`. */
const readWorkOrders = async ({ db, tenant, where, order, limit }: { db: Executor; tenant: Tenant; where: SQL | undefined; order: SQL[]; limit: number }) =>
  (
    await db
      .select({ order: workOrders, vehicleName: vehicles.name })
      .from(workOrders)
      .innerJoin(vehicles, and(eq(vehicles.companyId, workOrders.companyId), eq(vehicles.id, workOrders.vehicleId)))
      .where(and(whereTenant(workOrders, tenant), eq(vehicles.companyId, tenant.companyId), where))
      .orderBy(...order)
      .limit(limit)
  ).map(({ order, vehicleName }) => ({ ...order, vehicleName, ...costOf(order.lines) }));

/**
 * The tenant's work orders, newest first; one vehicle's (its service history), one status or only `ids`
 * when given; older than `olderThanId` (the API's pages).
 */
export const listWorkOrders = ({
  db,
  companyId,
  dataset,
  vehicleId,
  status,
  ids,
  olderThanId,
  limit = 1_000,
}: TenantQuery & { vehicleId?: number; status?: WorkOrderStatus; ids?: number[]; olderThanId?: number; limit?: number }) =>
  readWorkOrders({
    db,
    tenant: { companyId, dataset },
    where: and(
      vehicleId === undefined ? undefined : eq(workOrders.vehicleId, vehicleId),
      status === undefined ? undefined : eq(workOrders.status, status),
      ids === undefined ? undefined : inArray(workOrders.id, ids),
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
