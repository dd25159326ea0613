import { and, desc, eq, lte } from "drizzle-orm";
import { findVehicleForDriver } from "@/lib/fleet/assignments";
import { type DutyStatus, hosCertifications, hosLogs } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { getDriver } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { dutyStatusEventDrafts } from "@/lib/hos/eld-events/duty-status-events";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { refuseUnallowedStatus } from "./chosen-duty-statuses";
import { lastCertification } from "./certified-days";
import { answerStopPrompts } from "./answer-stop-prompts";

/** How far back a change may be dated: Samsara's limit for this call. */
export const DUTY_STATUS_BACKDATE_MS = 8 * 60 * 60 * 1000;

export type SetDutyStatusOptions = TenantQuery & {
  driverId: number;
  status: DutyStatus;
  /** When the status begins; now when absent. */
  at?: Date;
  /** The vehicle of the entry; absent: the driver's vehicle at that moment (lib/fleet/assignments), if any. */
  vehicleId?: number;
  remark?: string;
  locationName?: string;
  location?: { latitude: number; longitude: number } | null;
  /** Recorded in the audit log with the change (the logbook's driver). */
  actor?: AuditActor;
  now?: Date;
};

/**
 * A driver's own duty-status change (the driver app, or another program acting for the driver):
 * a manual log entry. Never in the future, more than 8 hours back, nor in a day the driver has
 * certified (49 CFR 395.30: a certified day changes only by an edit the driver accepts), nor to personal conveyance or a
 * yard move the carrier has not allowed the driver (Appendix A 4.3.3.1.1); a change to the status
 * already in effect at that moment is a no-op (`changed: false`), not a second entry.
 */
export const setDutyStatus = async ({
  db,
  companyId,
  dataset,
  driverId,
  status,
  at,
  vehicleId,
  remark = "",
  locationName,
  location,
  actor,
  now = new Date(),
}: SetDutyStatusOptions) => {
  const startTime = at ?? now;
  if (startTime.getTime() > now.getTime()) throw new AppError("bad_request", '"status_change_at_ms" is in the future.');
  if (startTime.getTime() < now.getTime() - DUTY_STATUS_BACKDATE_MS) throw new AppError("bad_request", '"status_change_at_ms" is more than 8 hours ago.');
  const driver = await getDriver({ db, companyId, dataset, driverId });
  if (driver.activationStatus !== "active") throw new AppError("bad_request", `Driver ${driverId} is deactivated.`);
  refuseUnallowedStatus(driver, status);
  if (vehicleId !== undefined) await getVehicle({ db, companyId, dataset, vehicleId });
  const entryVehicleId = vehicleId ?? (await findVehicleForDriver({ db, companyId, dataset, driverId, at: startTime }))?.id ?? null;
  const certified = await lastCertification({ db, companyId, dataset, driver });
  if (certified && startTime < certified.from)
    throw new AppError("bad_request", `"status_change_at_ms" is before ${certified.from.toISOString()}, in a log day the driver has certified.`);
  return db.transaction(async (tx) => {
    const [inEffect] = await tx
      .select({ status: hosLogs.status, startTime: hosLogs.startTime })
      .from(hosLogs)
      .where(and(eq(hosLogs.companyId, companyId), eq(hosLogs.dataset, dataset), eq(hosLogs.driverId, driverId), lte(hosLogs.startTime, startTime)))
      .orderBy(desc(hosLogs.startTime))
      .limit(1);
    if (inEffect?.status === status) return { changed: false };
    if (inEffect && inEffect.startTime.getTime() === startTime.getTime())
      throw new AppError("conflict", `Driver ${driverId} already has a duty status starting at ${startTime.toISOString()}.`);
    // A status added later in the day the driver certified while it was still going on: that day is to be certified again.
    if (certified && startTime < certified.dayEnd) {
      await tx
        .delete(hosCertifications)
        .where(and(eq(hosCertifications.companyId, companyId), eq(hosCertifications.driverId, driverId), eq(hosCertifications.logDate, certified.date)));
    }
    const [entry] = await tx
      .insert(hosLogs)
      .values({
        companyId,
        dataset,
        driverId,
        vehicleId: entryVehicleId,
        status,
        startTime,
        remark,
        locationName: locationName ?? null,
        latitude: location?.latitude ?? null,
        longitude: location?.longitude ?? null,
        origin: "manual",
      })
      .returning();
    await recordEldEvents({
      db: tx,
      companyId,
      dataset,
      drafts: dutyStatusEventDrafts({ entry, previousStatus: inEffect?.status ?? null, origin: "driver" }),
    });
    // The driver's own status is their answer to a stop prompt (Appendix A 4.4.1.2).
    await answerStopPrompts({ db: tx, companyId, dataset, driverId, answer: "status", now });
    if (actor) {
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "hos_log.status_changed",
        target: { type: "hos_log", id: entry.id },
        changes: { status: { before: inEffect?.status ?? null, after: status } },
      });
    }
    return { changed: true };
  });
};
