import { hosCertifications } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { calendarDayOf } from "@/lib/hos/records/certified-days";
import { getDriver } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";

/**
 * The driver certifies a day of their log ("I certify these entries are true and correct", 49 CFR
 * 395.30(b)); from then on no status may be added in it or before it. Certifying again changes nothing.
 */
export const certifyLogDay = async ({
  db,
  companyId,
  dataset,
  driverId,
  date,
  actor,
  now = new Date(),
}: TenantQuery & { driverId: number; date: string; actor: AuditActor; now?: Date }) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new AppError("bad_request", 'Invalid value for "date": expected YYYY-MM-DD.');
  const driver = await getDriver({ db, companyId, dataset, driverId });
  if (calendarDayOf(driver, date).startMs > now.getTime()) throw new AppError("bad_request", `Invalid value for "date": ${date} has not begun.`);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(hosCertifications)
      .values({ companyId, dataset, driverId, logDate: date, certifiedAt: now })
      .onConflictDoNothing()
      .returning();
    if (row)
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "hos_log.certified",
        target: { type: "hos_log", id: `${driverId}:${date}` },
        changes: { certified: { before: null, after: date } },
      });
  });
};
