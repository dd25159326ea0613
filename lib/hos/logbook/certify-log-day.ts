import { and, eq, sql } from "drizzle-orm";
import { eldEvents, hosCertifications } from "@/db/schema";
import { findVehicleForDriver } from "@/lib/fleet/assignments";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { calendarDayOf } from "@/lib/hos/records/certified-days";
import { getDriver } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";

/**
 * The driver certifies a day of their log, affirming CERTIFICATION_STATEMENT (Appendix A 4.3.2.3; 49 CFR
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
    if (!row) return;
    // Table 6, type 4: the nth certification of the day is code n (9 from the ninth on); its CMV is the driver's vehicle then.
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eldEvents)
      .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.driverId, driverId), eq(eldEvents.eventType, 4), eq(eldEvents.certifiedDate, date)));
    const vehicle = await findVehicleForDriver({ db: tx, companyId, dataset, driverId, at: now });
    await recordEldEvents({
      db: tx,
      companyId,
      dataset,
      drafts: [
        { driverId, vehicleId: vehicle?.id ?? null, type: 4, code: Math.min(count + 1, 9), at: now, origin: "driver", position: null, certifiedDate: date },
      ],
    });
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
