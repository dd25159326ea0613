import { and, desc, eq } from "drizzle-orm";
import { vehicles, workOrders, type WorkOrderLine, type WorkOrderStatus } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

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
};

/** The tenant's work orders, newest first; one vehicle's (its service history) or one status when given. */
export const listWorkOrders = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  status,
  limit = 1_000,
}: TenantQuery & { vehicleId?: number; status?: WorkOrderStatus; limit?: number }) =>
  (
    await db
      .select(columns)
      .from(workOrders)
      .innerJoin(vehicles, and(eq(vehicles.companyId, workOrders.companyId), eq(vehicles.id, workOrders.vehicleId)))
      .where(
        and(
          whereTenant(workOrders, { companyId, dataset }),
          eq(vehicles.companyId, companyId),
          vehicleId === undefined ? undefined : eq(workOrders.vehicleId, vehicleId),
          status === undefined ? undefined : eq(workOrders.status, status),
        ),
      )
      .orderBy(desc(workOrders.id))
      .limit(limit)
  ).map(({ order, vehicleName }) => ({ ...order, vehicleName, ...costOf(order.lines) }));

export type WorkOrderView = Awaited<ReturnType<typeof listWorkOrders>>[number];

/** One of the tenant's work orders; 404 for another tenant's. */
export const getWorkOrder = async ({ db, companyId, dataset, workOrderId }: TenantQuery & { workOrderId: number }): Promise<WorkOrderView> => {
  const [row] = await db
    .select(columns)
    .from(workOrders)
    .innerJoin(vehicles, and(eq(vehicles.companyId, workOrders.companyId), eq(vehicles.id, workOrders.vehicleId)))
    .where(and(whereTenant(workOrders, { companyId, dataset }), eq(workOrders.id, workOrderId), eq(vehicles.companyId, companyId)));
  if (!row) throw new AppError("not_found", `No work order with id ${workOrderId}.`);
  return { ...row.order, vehicleName: row.vehicleName, ...costOf(row.order.lines) };
};
