import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { drivers, driverVehicleAssignments as assignments, vehicles } from "@/db/schema";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import type { TimeRange } from "@/lib/platform/time-range";
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
export const findAssignmentsInRange = async ({
  db,
  companyId,
  dataset,
  range,
  driverIds,
  vehicleIds,
  after,
  limit,
}: FindAssignmentsOptions): Promise<AssignmentListRow[]> => {
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

/** How far back the dashboard's pages show a driver's or a vehicle's assignments, and how many at most. */
export const RECENT_ASSIGNMENTS = { days: 90, rows: 20 } as const;

/** A driver's or a vehicle's assignments of the last RECENT_ASSIGNMENTS.days before `now`, newest first. */
export const findRecentAssignments = async ({
  db,
  companyId,
  dataset,
  of,
  now,
}: TenantQuery & { of: { driverId: number } | { vehicleId: number }; now: Date }): Promise<AssignmentListRow[]> => {
  const range = { startTime: new Date(now.getTime() - RECENT_ASSIGNMENTS.days * 86_400_000), endTime: new Date(now.getTime() + 1) };
  const whose = "driverId" in of ? eq(assignments.driverId, of.driverId) : eq(assignments.vehicleId, of.vehicleId);
  return selectAssignments({
    db,
    companyId,
    conditions: [whereTenant(assignments, { companyId, dataset }), overlaps(range), whose],
    limit: RECENT_ASSIGNMENTS.rows,
    newestFirst: true,
  });
};

/** One of the tenant's assignments with its names; 404 when the tenant has none with that id. */
export const getAssignment = async ({ db, companyId, dataset, assignmentId }: TenantQuery & { assignmentId: number }): Promise<AssignmentListRow> => {
  const [row] = await selectAssignments({
    db,
    companyId,
    conditions: [whereTenant(assignments, { companyId, dataset }), eq(assignments.id, assignmentId)],
    limit: 1,
  });
  if (!row) throw new AppError("not_found", `No assignment with id ${assignmentId}.`);
  return row;
};

const selectAssignments = async ({
  db,
  companyId,
  conditions,
  limit,
  newestFirst = false,
}: {
  db: Executor;
  companyId: number;
  conditions: (SQL | undefined)[];
  limit: number;
  newestFirst?: boolean;
}) => {
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
    .orderBy(...(newestFirst ? [desc(assignments.startTime), desc(assignments.id)] : [asc(assignments.startTime), asc(assignments.id)]))
    .limit(limit);
  return rows.map(({ assignment, driver, vehicle }) => ({ ...assignment, driver, vehicle }));
};
