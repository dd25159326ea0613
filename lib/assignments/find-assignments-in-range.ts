import { and, asc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { drivers, driverVehicleAssignments as assignments, vehicles } from "@/db/schema";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import { whereTenant, type TenantQuery } from "@/lib/tenant";
import type { TimeRange } from "@/lib/time-range";
import { overlaps } from "./assignment-rules";

/** An assignment with its driver's and vehicle's names and external ids, as lists show it. */
export type AssignmentListRow = typeof assignments.$inferSelect & {
  driver: { id: number; name: string; externalIds: Record<string, string> };
  vehicle: { id: number; name: string; externalIds: Record<string, string> };
};

/** Keyset position in (startTime, id) order. */
export type AssignmentPosition = { startTime: string; id: number };

type FindAssignmentsOptions = TenantQuery & {
  /** Assignments that meet it; a range whose start equals its end means "covering that instant". */
  range: TimeRange;
  driverIds?: readonly number[];
  vehicleIds?: readonly number[];
  after?: AssignmentPosition;
  limit: number;
};

/**
 * The tenant's assignments meeting `range`, oldest start first, optionally of some drivers and/or
 * vehicles: the history of who drove which vehicle when. Static assignments are not rows: they are
 * the default where no row covers a time (resolve-assignments.ts).
 */
export const findAssignmentsInRange = async ({ db, companyId, dataset, range, driverIds, vehicleIds, after, limit }: FindAssignmentsOptions): Promise<AssignmentListRow[]> => {
  const tenant = { companyId, dataset };
  const endTime = range.end.getTime() === range.start.getTime() ? new Date(range.end.getTime() + 1) : range.end;
  const conditions: (SQL | undefined)[] = [whereTenant(assignments, tenant), overlaps({ startTime: range.start, endTime })];
  if (driverIds) conditions.push(inArray(assignments.driverId, driverIds.length > 0 ? [...driverIds] : [-1]));
  if (vehicleIds) conditions.push(inArray(assignments.vehicleId, vehicleIds.length > 0 ? [...vehicleIds] : [-1]));
  if (after) {
    const start = new Date(after.startTime);
    conditions.push(or(gt(assignments.startTime, start), and(eq(assignments.startTime, start), gt(assignments.id, after.id))));
  }
  return selectAssignments({ db, companyId, conditions, limit });
};

/** One of the tenant's assignments with its names; 404 when the tenant has none with that id. */
export const getAssignment = async ({ db, companyId, dataset, assignmentId }: TenantQuery & { assignmentId: number }): Promise<AssignmentListRow> => {
  const [row] = await selectAssignments({ db, companyId, conditions: [whereTenant(assignments, { companyId, dataset }), eq(assignments.id, assignmentId)], limit: 1 });
  if (!row) throw new AppError("not_found", `No assignment with id ${assignmentId}.`);
  return row;
};

const selectAssignments = async ({ db, companyId, conditions, limit }: { db: Executor; companyId: number; conditions: (SQL | undefined)[]; limit: number }) => {
  // Joined on company_id too: tenant tables are co-located by it on Citus.
  const rows = await db
    .select({
      assignment: assignments,
      driver: { id: drivers.id, name: drivers.name, externalIds: drivers.externalIds },
      vehicle: { id: vehicles.id, name: vehicles.name, externalIds: vehicles.externalIds },
    })
    .from(assignments)
    .innerJoin(drivers, and(eq(drivers.companyId, assignments.companyId), eq(drivers.id, assignments.driverId)))
    .innerJoin(vehicles, and(eq(vehicles.companyId, assignments.companyId), eq(vehicles.id, assignments.vehicleId)))
    .where(and(...conditions, sql`${drivers.companyId} = ${companyId}`, sql`${vehicles.companyId} = ${companyId}`))
    .orderBy(asc(assignments.startTime), asc(assignments.id))
    .limit(limit);
  return rows.map(({ assignment, driver, vehicle }) => ({ ...assignment, driver, vehicle }));
};
