import { and, asc, desc, eq, gt, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { drivers, hosCertifications, hosLogs, unassignedDriving, vehicles, type UnassignedDrivingStatus } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { getDriver } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { dutyStatusAt } from "./duty-status-at";
import { dutyStatusEventDrafts } from "../eld-events/duty-status-events";
import { recordEldEvents, setEldRecordStatus } from "../eld-events/record-eld-events";
import { datesTouched } from "./dates-touched";
import { nearestPlaceName } from "../../platform/geo/place-names";
import { getDistanceUnit } from "../../fleet/company-units";
import { lockMonitorStates } from "../eld-monitors/locked-monitor-states";
import { recheckUnidentifiedDriving } from "../eld-monitors/unidentified-driving-accepted";

export type UnassignedSegment = {
  id: number;
  vehicle: { id: number; name: string };
  startTime: Date;
  endTime: Date;
  closed: boolean;
  distanceMeters: number;
  from: string | null;
  to: string | null;
  status: UnassignedDrivingStatus;
  driver: { id: number; name: string } | null;
  annotation: string;
};

/** The tenant's unassigned driving, newest first: every status, or those given; a driver's own assignments with `driverId`. */
export const listUnassignedDriving = async ({
  db,
  companyId,
  dataset,
  statuses,
  driverId,
  limit = 200,
}: TenantQuery & { statuses?: readonly UnassignedDrivingStatus[]; driverId?: number; limit?: number }): Promise<UnassignedSegment[]> => {
  const rows = await db
    .select({ segment: unassignedDriving, vehicleName: vehicles.name, driverName: drivers.name })
    .from(unassignedDriving)
    .innerJoin(vehicles, and(eq(vehicles.companyId, unassignedDriving.companyId), eq(vehicles.id, unassignedDriving.vehicleId)))
    .leftJoin(drivers, and(eq(drivers.companyId, unassignedDriving.companyId), eq(drivers.id, unassignedDriving.driverId)))
    .where(
      and(
        eq(unassignedDriving.companyId, companyId),
        eq(unassignedDriving.dataset, dataset),
        statuses ? inArray(unassignedDriving.status, [...statuses]) : undefined,
        driverId !== undefined ? eq(unassignedDriving.driverId, driverId) : undefined,
      ),
    )
    .orderBy(desc(unassignedDriving.startTime))
    .limit(limit);
  const unit = await getDistanceUnit({ db, companyId });
  return Promise.all(
    rows.map(async ({ segment, vehicleName, driverName }) => ({
      id: segment.id,
      vehicle: { id: segment.vehicleId, name: vehicleName },
      startTime: segment.startTime,
      endTime: segment.endTime,
      closed: segment.closed,
      distanceMeters: segment.distanceMeters,
      from: await nearestPlaceName({ latitude: segment.startLatitude, longitude: segment.startLongitude, unit }),
      to: await nearestPlaceName({ latitude: segment.endLatitude, longitude: segment.endLongitude, unit }),
      status: segment.status,
      driver: segment.driverId !== null && driverName !== null ? { id: segment.driverId, name: driverName } : null,
      annotation: segment.annotation,
    })),
  );
};

const findSegment = async ({ db, companyId, dataset, segmentId }: TenantQuery & { segmentId: number }) => {
  const [segment] = await db
    .select()
    .from(unassignedDriving)
    .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.dataset, dataset), eq(unassignedDriving.id, segmentId)));
  if (!segment) throw new AppError("not_found", `No unassigned driving with id ${segmentId}.`);
  return segment;
};

export const annotationSchema = z.string().trim().min(1, "is required").max(500, "at most 500 characters");

/**
 * A manager hands an unassigned drive to a driver, who must accept it before it is their driving
 * time (49 CFR 395.32(c)). Only a finished, unclaimed drive (or one the driver turned down) can be assigned.
 */
export const assignUnassignedDriving = async ({
  db,
  companyId,
  dataset,
  segmentId,
  driverId,
  actor,
}: TenantQuery & { segmentId: number; driverId: number; actor: AuditActor }) => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  if (driver.activationStatus !== "active") throw new AppError("bad_request", `Invalid value for "driverId": driver ${driverId} is deactivated.`);
  await db.transaction(async (tx) => {
    const segment = await findSegment({ db: tx, companyId, dataset, segmentId });
    if (!segment.closed) throw new AppError("conflict", "The vehicle is still moving: assign the drive once it has ended.");
    if (segment.status !== "unassigned") throw new AppError("conflict", `This drive is already ${segment.status}.`);
    await tx
      .update(unassignedDriving)
      .set({ status: "assigned", driverId, updatedAt: new Date() })
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.id, segmentId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "unassigned_driving.assigned",
      target: { type: "unassigned_driving", id: segmentId },
      changes: { driverId: { before: null, after: driverId } },
    });
  });
};

/** A manager explains why a drive is no driver's (a mechanic's yard move, a tow): it leaves the list to resolve. */
export const annotateUnassignedDriving = async ({
  db,
  companyId,
  dataset,
  segmentId,
  annotation,
  actor,
}: TenantQuery & { segmentId: number; annotation: string; actor: AuditActor }) => {
  const parsed = annotationSchema.safeParse(annotation);
  if (!parsed.success) throw new AppError("bad_request", `Invalid value for "annotation": ${parsed.error.issues[0].message}.`);
  await db.transaction(async (tx) => {
    const segment = await findSegment({ db: tx, companyId, dataset, segmentId });
    if (segment.status === "accepted") throw new AppError("conflict", "A driver accepted this drive: it is their driving time now.");
    await tx
      .update(unassignedDriving)
      .set({ status: "annotated", driverId: null, annotation: parsed.data, updatedAt: new Date() })
      .where(and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.id, segmentId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "unassigned_driving.annotated",
      target: { type: "unassigned_driving", id: segmentId },
      changes: { annotation: { before: segment.annotation || null, after: parsed.data } },
    });
  });
};

/**
 * The driver answers a drive assigned to them. Accepted, it becomes their Driving time (from its
 * start; at its end the status they had then resumes) and the days it touches must be certified
 * again; rejected, it returns to the unassigned list. Another driver's drive: 404.
 */
export const answerUnassignedDriving = async ({
  db,
  companyId,
  dataset,
  driverId,
  segmentId,
  accept,
  actor,
}: TenantQuery & { driverId: number; segmentId: number; accept: boolean; actor: AuditActor }) => {
  await db.transaction(async (tx) => {
    const segment = await findSegment({ db: tx, companyId, dataset, segmentId });
    if (segment.driverId !== driverId) throw new AppError("not_found", `No unassigned driving with id ${segmentId}.`);
    if (segment.status !== "assigned") throw new AppError("conflict", `This drive is already ${segment.status}.`);
    const target = { type: "unassigned_driving" as const, id: segmentId };
    const where = and(eq(unassignedDriving.companyId, companyId), eq(unassignedDriving.id, segmentId));
    if (!accept) {
      await tx.update(unassignedDriving).set({ status: "unassigned", driverId: null, updatedAt: new Date() }).where(where);
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "unassigned_driving.rejected",
        target,
        changes: { driverId: { before: driverId, after: null } },
      });
      return;
    }
    // The vehicle's monitor state before its sequence row (the drive's records), in the processor's order.
    const monitors = await lockMonitorStates({ tx, tenant: { companyId, dataset }, vehicleIds: [segment.vehicleId] });
    const unit = await getDistanceUnit({ db: tx, companyId });
    const during = await tx
      .select({ id: hosLogs.id })
      .from(hosLogs)
      .where(
        and(eq(hosLogs.companyId, companyId), eq(hosLogs.driverId, driverId), gt(hosLogs.startTime, segment.startTime), lt(hosLogs.startTime, segment.endTime)),
      )
      .orderBy(asc(hosLogs.startTime));
    if (during.length > 0) throw new AppError("conflict", "Your log has entries during this drive: ask your manager to correct them first.");
    const before = await dutyStatusAt({ db: tx, companyId, dataset, driverId, at: segment.endTime });
    const common = { companyId, dataset, driverId, origin: "manual" as const };
    const previous = await dutyStatusAt({ db: tx, companyId, dataset, driverId, at: segment.startTime });
    const [driving] = await tx
      .insert(hosLogs)
      .values({
        ...common,
        vehicleId: segment.vehicleId,
        status: "driving",
        startTime: segment.startTime,
        latitude: segment.startLatitude,
        longitude: segment.startLongitude,
        locationName: await nearestPlaceName({ latitude: segment.startLatitude, longitude: segment.startLongitude, unit }),
        remark: `Unassigned driving #${segmentId} accepted`,
      })
      .onConflictDoUpdate({
        target: [hosLogs.companyId, hosLogs.driverId, hosLogs.startTime],
        set: { status: "driving", vehicleId: segment.vehicleId },
      })
      .returning();
    const [resumed] = await tx
      .insert(hosLogs)
      .values({
        ...common,
        status: before?.status ?? "offDuty",
        startTime: segment.endTime,
        latitude: segment.endLatitude,
        longitude: segment.endLongitude,
        locationName: await nearestPlaceName({ latitude: segment.endLatitude, longitude: segment.endLongitude, unit }),
      })
      .onConflictDoNothing()
      .returning();
    // 4.4.4.2.6: the unidentified profile's records become inactive-changed; the drive is the driver's, assumed from them.
    const tenant = { db: tx, companyId, dataset };
    await setEldRecordStatus({ ...tenant, status: "inactiveChanged", where: { unassignedId: segmentId } });
    await setEldRecordStatus({
      ...tenant,
      status: "inactiveChanged",
      where: { hosLogIds: previous?.startTime.getTime() === segment.startTime.getTime() ? [driving.id] : [] },
    });
    await recordEldEvents({
      ...tenant,
      drafts: [
        ...dutyStatusEventDrafts({ entry: driving, previousStatus: previous?.status ?? null, origin: "unidentified" }),
        ...(resumed ? dutyStatusEventDrafts({ entry: resumed, previousStatus: "driving", origin: "driver" }) : []),
      ],
    });
    await tx
      .delete(hosCertifications)
      .where(
        and(
          eq(hosCertifications.companyId, companyId),
          eq(hosCertifications.driverId, driverId),
          inArray(hosCertifications.logDate, datesTouched(await getDriver({ db: tx, companyId, dataset, driverId }), segment.startTime, segment.endTime)),
        ),
      );
    await tx.update(unassignedDriving).set({ status: "accepted", updatedAt: new Date() }).where(where);
    // 4.6.1.6(b): the unidentified driving diagnostic clears when an acceptance leaves 15 minutes or less of it.
    const vehicleId = segment.vehicleId;
    await recheckUnidentifiedDriving({ tx, tenant: { companyId, dataset }, vehicleId, state: monitors.get(vehicleId), now: new Date() });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "unassigned_driving.accepted",
      target,
      changes: { status: { before: "assigned", after: "accepted" } },
    });
  });
};
