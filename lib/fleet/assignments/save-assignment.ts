import { and, eq, type SQL } from "drizzle-orm";
import { driverVehicleAssignments as assignments, type AssignmentSource } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { auditedFields, checkNoOverlap, checkSpan, lockVehicleAndDriver, overlaps, type AssignmentRow } from "./assignment-rules";

type Audited = { actor: AuditActor };

export type NewAssignment = {
  driverId: number;
  vehicleId: number;
  startTime: Date;
  endTime: Date | null;
  isPassenger?: boolean;
  assignedAt?: Date;
  sourceName?: string | null;
};

/**
 * Records that a driver drives (or rides in) a vehicle over [startTime, endTime): 404 for a driver or
 * vehicle outside the tenant, 400 for an end not after the start, 409 naming the assignment it
 * would overlap. Audited as `assignment.created`.
 */
export const createAssignment = async ({
  db,
  companyId,
  dataset,
  input,
  source,
  actor,
}: TenantQuery & Audited & { input: NewAssignment; source: AssignmentSource }): Promise<AssignmentRow> => {
  const tenant = { companyId, dataset };
  const span = { ...input, isPassenger: input.isPassenger ?? false };
  checkSpan(span);
  return db.transaction(async (tx) => {
    await lockVehicleAndDriver(tx, tenant, span);
    await checkNoOverlap(tx, tenant, span);
    const [row] = await tx
      .insert(assignments)
      .values({ ...tenant, ...span, assignedAt: input.assignedAt ?? new Date(), source, sourceName: input.sourceName ?? null })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "assignment.created",
      target: { type: "assignment", id: row.id },
      changes: changedFields({ before: null, after: auditedFields(row) }),
    });
    return row;
  });
};

export type AssignmentChanges = { endTime?: Date | null; isPassenger?: boolean; assignedAt?: Date; sourceName?: string | null };

/** Applies `changes` to the locked assignment `row` (checks as on create), audited as `assignment.updated`. */
const applyChanges = async ({ db, companyId, dataset, row, changes, actor }: TenantQuery & Audited & { row: AssignmentRow; changes: AssignmentChanges }) => {
  const tenant = { companyId, dataset };
  const next = { ...row, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) } as AssignmentRow;
  checkSpan(next);
  await checkNoOverlap(db, tenant, next, row.id);
  const [updated] = await db
    .update(assignments)
    .set({ endTime: next.endTime, isPassenger: next.isPassenger, assignedAt: next.assignedAt, sourceName: next.sourceName })
    .where(and(whereTenant(assignments, tenant), eq(assignments.id, row.id)))
    .returning();
  const diff = changedFields({ before: auditedFields(row), after: auditedFields(updated) });
  if (Object.keys(diff).length > 0)
    await recordAuditEvent({ db, companyId, actor, action: "assignment.updated", target: { type: "assignment", id: row.id }, changes: diff });
  return updated;
};

/**
 * Samsara's update: the assignment is named by its driver, vehicle and exact start time (404 when
 * none matches); its end, passenger flag, assignedAt and source name change.
 */
export const updateAssignment = ({
  db,
  companyId,
  dataset,
  match,
  changes,
  actor,
}: TenantQuery & Audited & { match: { driverId: number; vehicleId: number; startTime: Date }; changes: AssignmentChanges }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    await lockVehicleAndDriver(tx, tenant, match);
    const [row] = await tx
      .select()
      .from(assignments)
      .where(
        and(
          whereTenant(assignments, tenant),
          eq(assignments.vehicleId, match.vehicleId),
          eq(assignments.driverId, match.driverId),
          eq(assignments.startTime, match.startTime),
        ),
      );
    if (!row)
      throw new AppError("not_found", `No assignment of driver ${match.driverId} to vehicle ${match.vehicleId} starting at ${match.startTime.toISOString()}.`);
    return applyChanges({ db: tx, ...tenant, row, changes, actor });
  });

/**
 * Samsara's delete: the vehicle's assignments that meet [startTime, endTime) (endTime absent: every
 * later one too). 404 for a vehicle outside the tenant; deleting nothing is not an error. Each
 * deleted assignment is audited as `assignment.deleted`. Returns how many were deleted.
 */
export const deleteAssignments = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  startTime,
  endTime,
  actor,
}: TenantQuery & Audited & { vehicleId: number; startTime: Date; endTime: Date | null }) => {
  checkSpan({ startTime, endTime });
  return db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    await lockVehicleAndDriver(tx, tenant, { vehicleId });
    const deleted = await tx
      .delete(assignments)
      .where(and(whereTenant(assignments, tenant), eq(assignments.vehicleId, vehicleId), overlaps({ startTime, endTime })) as SQL)
      .returning();
    for (const row of deleted) {
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "assignment.deleted",
        target: { type: "assignment", id: row.id },
        changes: {
          driverId: { before: row.driverId, after: null },
          vehicleId: { before: row.vehicleId, after: null },
          startTime: { before: row.startTime.toISOString(), after: null },
          endTime: { before: row.endTime?.toISOString() ?? null, after: null },
        },
      });
    }
    return deleted.length;
  });
};

/**
 * The dashboard's "assign from now", from either side. From a driver's page (`handOver: "driver"`)
 * the driver moves: the driver's running assignment ends and `vehicleId` is theirs from `now`, 409
 * when another driver drives that vehicle now. From a vehicle's page (`handOver: "vehicle"`) the
 * vehicle changes hands: its running driver's assignment ends and `driverId` drives it from `now`,
 * 409 when that driver is assigned to another vehicle now. Either way the new assignment is open-ended,
 * and assigning the pair that already runs open-ended changes nothing.
 */
export const assignFromNow = ({
  db,
  companyId,
  dataset,
  driverId,
  vehicleId,
  handOver,
  actor,
  now = new Date(),
}: TenantQuery & Audited & { driverId: number; vehicleId: number; handOver: "driver" | "vehicle"; now?: Date }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    await lockVehicleAndDriver(tx, tenant, { vehicleId, driverId });
    const running = handOver === "driver" ? eq(assignments.driverId, driverId) : and(eq(assignments.vehicleId, vehicleId), eq(assignments.isPassenger, false));
    const [current] = await tx
      .select()
      .from(assignments)
      .where(and(whereTenant(assignments, tenant), running, overlaps({ startTime: now, endTime: new Date(now.getTime() + 1) })) as SQL);
    if (current?.vehicleId === vehicleId && current.driverId === driverId && !current.isPassenger && current.endTime === null) return current;
    if (current) await applyChanges({ db: tx, ...tenant, row: current, changes: { endTime: now }, actor });
    return createAssignment({ db: tx, ...tenant, input: { driverId, vehicleId, startTime: now, endTime: null }, source: "dashboard", actor });
  });

/** Ends assignment `assignmentId` at `now` (the dashboard's "end assignment"); 404 outside the tenant, 400 if it already ended. */
export const endAssignment = ({
  db,
  companyId,
  dataset,
  assignmentId,
  actor,
  now = new Date(),
}: TenantQuery & Audited & { assignmentId: number; now?: Date }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const [found] = await tx
      .select()
      .from(assignments)
      .where(and(whereTenant(assignments, tenant), eq(assignments.id, assignmentId)));
    if (!found) throw new AppError("not_found", `No assignment with id ${assignmentId}.`);
    await lockVehicleAndDriver(tx, tenant, found);
    if (found.endTime && found.endTime <= now) throw new AppError("bad_request", `Assignment ${assignmentId} ended already.`);
    return applyChanges({ db: tx, ...tenant, row: found, changes: { endTime: now }, actor });
  });
