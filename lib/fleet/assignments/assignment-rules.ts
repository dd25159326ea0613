import { and, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, driverVehicleAssignments as assignments, vehicles } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

export type AssignmentRow = typeof assignments.$inferSelect;

/** The times of an assignment as its write wants them: `end` null is open. */
export type AssignmentSpan = { driverId: number; vehicleId: number; startTime: Date; endTime: Date | null; isPassenger: boolean };

const when = (time: Date | null) => (time ? time.toISOString() : "open-ended");

/** 400 unless the assignment ends after it starts. */
export const checkSpan = ({ startTime, endTime }: Pick<AssignmentSpan, "startTime" | "endTime">) => {
  if (endTime && endTime.getTime() <= startTime.getTime())
    throw new AppError("bad_request", `"endTime" (${endTime.toISOString()}) must be after "startTime" (${startTime.toISOString()}).`);
};

/**
 * Locks the vehicle's and then the driver's row for the rest of the transaction (always in that
 * order, so two writers cannot deadlock), which serialises every assignment write that could
 * overlap this one. Each lock filters on one company_id, so Citus runs it on one shard. 404 for
 * either id outside the tenant.
 */
export const lockVehicleAndDriver = async (db: Executor, tenant: Tenant, { vehicleId, driverId }: { vehicleId: number; driverId?: number }) => {
  const [vehicle] = await db
    .select({ id: vehicles.id, name: vehicles.name })
    .from(vehicles)
    .where(and(whereTenant(vehicles, tenant), eq(vehicles.id, vehicleId)))
    .for("update");
  if (!vehicle) throw new AppError("not_found", `No vehicle with id ${vehicleId}.`);
  if (driverId === undefined) return { vehicle, driver: null };
  const [driver] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(and(whereTenant(drivers, tenant), eq(drivers.id, driverId)))
    .for("update");
  if (!driver) throw new AppError("not_found", `No driver with id ${driverId}.`);
  return { vehicle, driver };
};

/** Rows whose span meets [start, end) (end null: open), as SQL. */
export const overlaps = ({ startTime, endTime }: Pick<AssignmentSpan, "startTime" | "endTime">): SQL =>
  and(or(isNull(assignments.endTime), gt(assignments.endTime, startTime)), endTime ? lt(assignments.startTime, endTime) : sql`true`) as SQL;

/**
 * 409 naming the conflict when the span overlaps another assignment of the same driver, or (for a
 * driver, not a passenger) another driver's assignment of the same vehicle. Call under the locks.
 */
export const checkNoOverlap = async (db: Executor, tenant: Tenant, span: AssignmentSpan, exceptId?: number) => {
  const others = (condition: SQL) =>
    db
      .select({
        id: assignments.id,
        driverId: assignments.driverId,
        vehicleId: assignments.vehicleId,
        startTime: assignments.startTime,
        endTime: assignments.endTime,
      })
      .from(assignments)
      .where(and(whereTenant(assignments, tenant), condition, overlaps(span), exceptId === undefined ? undefined : ne(assignments.id, exceptId)))
      .orderBy(assignments.startTime)
      .limit(1);
  const [ofDriver] = await others(eq(assignments.driverId, span.driverId));
  if (ofDriver) {
    throw new AppError(
      "conflict",
      `Driver ${span.driverId} is already assigned to vehicle ${ofDriver.vehicleId} from ${when(ofDriver.startTime)} to ${when(ofDriver.endTime)}.`,
    );
  }
  if (span.isPassenger) return;
  const [ofVehicle] = await others(and(eq(assignments.vehicleId, span.vehicleId), eq(assignments.isPassenger, false)) as SQL);
  if (ofVehicle) {
    throw new AppError(
      "conflict",
      `Vehicle ${span.vehicleId} is already assigned to driver ${ofVehicle.driverId} from ${when(ofVehicle.startTime)} to ${when(ofVehicle.endTime)}.`,
    );
  }
};

/** The fields the audit log records of an assignment. */
export const auditedFields = (row: AssignmentRow) => ({
  driverId: row.driverId,
  vehicleId: row.vehicleId,
  startTime: row.startTime,
  endTime: row.endTime,
  isPassenger: row.isPassenger,
  sourceName: row.sourceName,
});
