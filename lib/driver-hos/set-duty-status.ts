import { and, desc, eq, lte } from "drizzle-orm";
import { type DutyStatus, hosLogs } from "@/db/schema";
import { findVehicleForDriver } from "@/lib/assignments";
import { getDriver } from "@/lib/drivers";
import { AppError } from "@/lib/errors";
import type { TenantQuery } from "@/lib/tenant";
import { getVehicle } from "@/lib/vehicles/get-vehicle";

/** How far back a change may be dated: Samsara's limit for this call. */
export const DUTY_STATUS_BACKDATE_MS = 8 * 60 * 60 * 1000;

export type SetDutyStatusOptions = TenantQuery & {
  driverId: number;
  status: DutyStatus;
  /** When the status begins; now when absent. */
  at?: Date;
  /** The vehicle of the entry; absent: the driver's vehicle at that moment (lib/assignments), if any. */
  vehicleId?: number;
  remark?: string;
  locationName?: string;
  now?: Date;
};

/**
 * A driver's own duty-status change (the driver app, or another program acting for the driver):
 * a manual log entry. Never in the future nor more than 8 hours back; a change to the status
 * already in effect at that moment is a no-op (`changed: false`), not a second entry.
 */
export const setDutyStatus = async ({ db, companyId, dataset, driverId, status, at, vehicleId, remark = "", locationName, now = new Date() }: SetDutyStatusOptions) => {
  const startTime = at ?? now;
  if (startTime.getTime() > now.getTime()) throw new AppError("bad_request", '"status_change_at_ms" is in the future.');
  if (startTime.getTime() < now.getTime() - DUTY_STATUS_BACKDATE_MS) throw new AppError("bad_request", '"status_change_at_ms" is more than 8 hours ago.');
  const driver = await getDriver({ db, companyId, dataset, driverId });
  if (driver.activationStatus !== "active") throw new AppError("bad_request", `Driver ${driverId} is deactivated.`);
  if (vehicleId !== undefined) await getVehicle({ db, companyId, dataset, vehicleId });
  const entryVehicleId = vehicleId ?? (await findVehicleForDriver({ db, companyId, dataset, driverId, at: startTime }))?.id ?? null;
  return db.transaction(async (tx) => {
    const [inEffect] = await tx
      .select({ status: hosLogs.status, startTime: hosLogs.startTime })
      .from(hosLogs)
      .where(and(eq(hosLogs.companyId, companyId), eq(hosLogs.dataset, dataset), eq(hosLogs.driverId, driverId), lte(hosLogs.startTime, startTime)))
      .orderBy(desc(hosLogs.startTime))
      .limit(1);
    if (inEffect?.status === status) return { changed: false };
    if (inEffect && inEffect.startTime.getTime() === startTime.getTime()) throw new AppError("conflict", `Driver ${driverId} already has a duty status starting at ${startTime.toISOString()}.`);
    await tx.insert(hosLogs).values({ companyId, dataset, driverId, vehicleId: entryVehicleId, status, startTime, remark, locationName: locationName ?? null, origin: "manual" });
    return { changed: true };
  });
};
