import { and, asc, eq, gt, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { intArray } from "@/db/rows";
import { drivers, trailerAssignments, vehicles, type TrailerAssignmentSource } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

export type TrailerAssignmentRow = typeof trailerAssignments.$inferSelect;

/** How far back a driver's assignment may start (Samsara's: "current or within the past 7 days"). */
export const MAX_BACKDATE_MS = 7 * 86_400_000;

const tenantRows = (tenant: { companyId: number; dataset: "live" | "test" }) => whereTenant(trailerAssignments, tenant);

/**
 * The driver-trailer assignments still in effect (no end, or an end to come), by id; `driverIds` narrows
 * them. Detected couplings (no driver) are not listed here.
 */
export const listDriverTrailerAssignments = async ({
  db,
  companyId,
  dataset,
  driverIds,
  afterId,
  limit,
  at = new Date(),
}: TenantQuery & { driverIds?: readonly number[]; afterId?: number; limit: number; at?: Date }): Promise<TrailerAssignmentRow[]> => {
  const conditions: (SQL | undefined)[] = [
    tenantRows({ companyId, dataset }),
    isNotNull(trailerAssignments.driverId),
    or(isNull(trailerAssignments.endTime), gt(trailerAssignments.endTime, at)),
  ];
  if (driverIds) conditions.push(sql`${trailerAssignments.driverId} = any(${intArray(driverIds)})`);
  if (afterId !== undefined) conditions.push(gt(trailerAssignments.id, afterId));
  return db
    .select()
    .from(trailerAssignments)
    .where(and(...conditions))
    .orderBy(asc(trailerAssignments.id))
    .limit(limit);
};

const requireRow = async <T>(rows: Promise<T[]>, message: string) => {
  const [row] = await rows;
  if (!row) throw new AppError("not_found", message);
  return row;
};

/**
 * Assigns a trailer to a driver from `startTime` (now, or up to 7 days back; never ahead): the trailer's
 * open coupling (another driver's, or a detected one) ends there. 404 for a driver or a (live) trailer
 * outside the tenant; 409 when the trailer has a coupling that starts later.
 */
export const createDriverTrailerAssignment = async ({
  db,
  companyId,
  dataset,
  driverId,
  trailerId,
  startTime,
  source,
  actor,
  now = new Date(),
}: TenantQuery & {
  driverId: number;
  trailerId: number;
  startTime: Date;
  source: TrailerAssignmentSource;
  actor: AuditActor;
  now?: Date;
}): Promise<TrailerAssignmentRow> => {
  if (startTime.getTime() > now.getTime() + 60_000) throw new AppError("bad_request", 'Invalid value for "startTime": it is in the future.');
  if (startTime.getTime() < now.getTime() - MAX_BACKDATE_MS) throw new AppError("bad_request", 'Invalid value for "startTime": more than 7 days ago.');
  const tenant = { companyId, dataset };
  return db.transaction(async (tx) => {
    await requireRow(
      tx
        .select({ id: drivers.id })
        .from(drivers)
        .where(and(whereTenant(drivers, tenant), eq(drivers.id, driverId))),
      `No driver with id ${driverId}.`,
    );
    // The trailer's row lock serialises its couplings.
    await requireRow(
      tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(whereTenant(vehicles, tenant), eq(vehicles.id, trailerId), eq(vehicles.assetKind, "trailer"), isNull(vehicles.archivedAt)))
        .for("update"),
      `No trailer with id ${trailerId}.`,
    );
    const ofTrailer = and(tenantRows(tenant), eq(trailerAssignments.trailerId, trailerId));
    const [later] = await tx
      .select({ id: trailerAssignments.id })
      .from(trailerAssignments)
      .where(and(ofTrailer, gt(trailerAssignments.startTime, startTime)))
      .limit(1);
    if (later) throw new AppError("conflict", `Trailer ${trailerId} has assignment ${later.id} starting after ${startTime.toISOString()}.`);
    await tx
      .update(trailerAssignments)
      .set({ endTime: startTime, updatedAt: sql`now()` })
      .where(and(ofTrailer, or(isNull(trailerAssignments.endTime), gt(trailerAssignments.endTime, startTime))));
    const [row] = await tx
      .insert(trailerAssignments)
      .values({ ...tenant, trailerId, driverId, startTime, source })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "trailer_assignment.created",
      target: { type: "trailer_assignment", id: row.id },
      changes: changedFields({ before: null, after: { trailerId, driverId, startTime: startTime.toISOString(), source } }),
    });
    return row;
  });
};

/**
 * Ends a driver-trailer assignment at `endTime` (not ahead of now, after its start). 404 for another
 * tenant's or a detected coupling, and with `driverId` (the logbook: a driver drops only their own) for
 * another driver's.
 */
export const endDriverTrailerAssignment = async ({
  db,
  companyId,
  dataset,
  assignmentId,
  driverId,
  endTime,
  actor,
  now = new Date(),
}: TenantQuery & { assignmentId: number; driverId?: number; endTime: Date; actor: AuditActor; now?: Date }): Promise<TrailerAssignmentRow> => {
  if (endTime.getTime() > now.getTime() + 60_000) throw new AppError("bad_request", 'Invalid value for "endTime": it is in the future.');
  return db.transaction(async (tx) => {
    const where = and(
      tenantRows({ companyId, dataset }),
      eq(trailerAssignments.id, assignmentId),
      driverId === undefined ? isNotNull(trailerAssignments.driverId) : eq(trailerAssignments.driverId, driverId),
    );
    const before = await requireRow(tx.select().from(trailerAssignments).where(where).for("update"), `No driver-trailer assignment with id ${assignmentId}.`);
    if (endTime.getTime() <= before.startTime.getTime()) throw new AppError("bad_request", 'Invalid value for "endTime": not after the assignment\'s start.');
    const [row] = await tx
      .update(trailerAssignments)
      .set({ endTime, updatedAt: sql`now()` })
      .where(where)
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "trailer_assignment.updated",
      target: { type: "trailer_assignment", id: assignmentId },
      changes: changedFields({ before: { endTime: before.endTime?.toISOString() ?? null }, after: { endTime: endTime.toISOString() } }),
    });
    return row;
  });
};
