import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { dvirDefects, faultCodes, vehicleMaintenance, vehicleState, workOrders, type WorkOrderSource } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { requireTenantVehicles } from "@/lib/processing/fuel-stops/require-tenant-vehicles";
import { recordService } from "./record-service";
import { createWorkOrderSchema, type CreateWorkOrderInput, type UpdateWorkOrderInput } from "./work-order-input";

type Audited = { actor: AuditActor };
export type WorkOrderRow = typeof workOrders.$inferSelect;

const SOURCE_NAMES: Record<Exclude<WorkOrderSource, "manual">, string> = {
  scheduledMaintenance: "maintenance program",
  dvirDefect: "defect",
  fault: "fault code",
};

/** 404 unless the source is the vehicle's: a program it is on, a defect reported on it, a fault code it raised. */
const requireSource = async (tx: Executor, tenant: Tenant, vehicleId: number, sourceType: WorkOrderSource, sourceId: number | null) => {
  if (sourceType === "manual" || sourceId === null) return;
  const table = { scheduledMaintenance: vehicleMaintenance, dvirDefect: dvirDefects, fault: faultCodes }[sourceType];
  const idColumn = sourceType === "scheduledMaintenance" ? vehicleMaintenance.programId : sourceType === "dvirDefect" ? dvirDefects.id : faultCodes.id;
  const [found] = await tx
    .select({ id: idColumn })
    .from(table)
    .where(and(whereTenant(table, tenant), eq(idColumn, sourceId), eq(table.vehicleId, vehicleId)));
  if (!found) throw new AppError("not_found", `sourceId: vehicle ${vehicleId} has no ${SOURCE_NAMES[sourceType]} with id ${sourceId}.`);
};

const onProgram = async (tx: Executor, tenant: Tenant, programId: number, vehicleId: number) =>
  (
    await tx
      .select({ programId: vehicleMaintenance.programId })
      .from(vehicleMaintenance)
      .where(and(whereTenant(vehicleMaintenance, tenant), eq(vehicleMaintenance.programId, programId), eq(vehicleMaintenance.vehicleId, vehicleId)))
  ).length > 0;

/** Opens a work order on one of the tenant's vehicles; 404 for another tenant's vehicle or a source not the vehicle's. Audited. */
export const createWorkOrder = ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: CreateWorkOrderInput }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const fields = createWorkOrderSchema.parse(input);
    await requireTenantVehicles({ db: tx, ...tenant, vehicleIds: [fields.vehicleId] });
    await requireSource(tx, tenant, fields.vehicleId, fields.sourceType, fields.sourceId);
    const [row] = await tx
      .insert(workOrders)
      .values({ ...tenant, ...fields })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "work_order.created",
      target: { type: "work_order", id: row.id },
      changes: changedFields({ before: null, after: fields }),
    });
    return row;
  });

/**
 * Changes a work order's description, lines or status. Completing it keeps the vehicle's readings then,
 * and one opened for a program's service records that service (the next one counts from it). A completed
 * order is history: changing it is a 409. 404 for another tenant's. Audited.
 */
export const updateWorkOrder = ({
  db,
  companyId,
  dataset,
  workOrderId,
  input,
  actor,
}: TenantQuery & Audited & { workOrderId: number; input: UpdateWorkOrderInput }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const mine = and(whereTenant(workOrders, tenant), eq(workOrders.id, workOrderId));
    const [before] = await tx.select().from(workOrders).where(mine).for("update");
    if (!before) throw new AppError("not_found", `No work order with id ${workOrderId}.`);
    if (before.status === "completed") throw new AppError("conflict", `Work order ${workOrderId} is completed: it is the vehicle's service history now.`);
    const completing = input.status === "completed";
    const now = new Date();
    const [readings] = completing
      ? await tx
          .select({ odometerMeters: vehicleState.odometerMeters, engineSeconds: vehicleState.engineSeconds })
          .from(vehicleState)
          .where(and(eq(vehicleState.companyId, companyId), eq(vehicleState.vehicleId, before.vehicleId)))
      : [];
    const [row] = await tx
      .update(workOrders)
      .set({
        ...input,
        ...(completing ? { completedAt: now, odometerMeters: readings?.odometerMeters ?? null, engineSeconds: readings?.engineSeconds ?? null } : {}),
        updatedAt: sql`now()`,
      })
      .where(mine)
      .returning();
    // A vehicle taken off the program since completes its order with no due point to move.
    if (
      completing &&
      before.sourceType === "scheduledMaintenance" &&
      before.sourceId !== null &&
      (await onProgram(tx, tenant, before.sourceId, before.vehicleId))
    )
      await recordService({ db: tx, ...tenant, programId: before.sourceId, vehicleId: before.vehicleId, at: now, actor });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "work_order.updated",
      target: { type: "work_order", id: workOrderId },
      changes: changedFields({ before, after: input }),
    });
    return row;
  });

/** Deletes a work order that is not completed (history is kept); 404 for another tenant's, 409 for a completed one. Audited. */
export const deleteWorkOrder = ({ db, companyId, dataset, workOrderId, actor }: TenantQuery & Audited & { workOrderId: number }) =>
  db.transaction(async (tx) => {
    const mine = and(whereTenant(workOrders, { companyId, dataset }), eq(workOrders.id, workOrderId));
    const [before] = await tx.select().from(workOrders).where(mine).for("update");
    if (!before) throw new AppError("not_found", `No work order with id ${workOrderId}.`);
    if (before.status === "completed") throw new AppError("conflict", `Work order ${workOrderId} is completed: it is the vehicle's service history now.`);
    await tx.delete(workOrders).where(mine);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "work_order.deleted",
      target: { type: "work_order", id: workOrderId },
      changes: { description: { before: before.description, after: null } },
    });
  });
