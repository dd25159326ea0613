import { and, desc, eq } from "drizzle-orm";
import { hosCertifications } from "@/db/schema";
import type { DriverRow } from "@/lib/fleet/drivers";
import { createDriverCalendar, type CalendarDay } from "@/lib/hos/rules/driver-calendar";
import type { TenantQuery } from "@/lib/platform/tenant";

/** The driver's calendar day of a local date (YYYY-MM-DD). */
export const calendarDayOf = (driver: Pick<DriverRow, "timezone" | "dayStartHour">, date: string): CalendarDay => {
  const calendar = createDriverCalendar({ timezone: driver.timezone, dayStartHour: driver.dayStartHour });
  let day = calendar.dayContaining(Date.parse(`${date}T00:00:00Z`) - 2 * 86_400_000);
  while (day.date < date) day = calendar.dayAfter(day);
  return day;
};

/** The dates (YYYY-MM-DD) the driver has certified, newest first. */
export const listCertifiedDates = async ({ db, companyId, dataset, driverId }: TenantQuery & { driverId: number }) =>
  (
    await db
      .select({ date: hosCertifications.logDate })
      .from(hosCertifications)
      .where(and(eq(hosCertifications.companyId, companyId), eq(hosCertifications.dataset, dataset), eq(hosCertifications.driverId, driverId)))
      .orderBy(desc(hosCertifications.logDate))
  ).map((row) => row.date);

/**
 * What the driver's last certification freezes: a new duty status may not start before `from`, the
 * end of that day or the moment it was certified if the day was still going on (a certified day
 * changes only through a change the driver makes or accepts). A later status in that same day
 * (before `dayEnd`) re-opens it for certification. Null when no day is certified.
 */
export const lastCertification = async ({ db, companyId, dataset, driver }: TenantQuery & { driver: DriverRow }) => {
  const [last] = await db
    .select({ date: hosCertifications.logDate, certifiedAt: hosCertifications.certifiedAt })
    .from(hosCertifications)
    .where(and(eq(hosCertifications.companyId, companyId), eq(hosCertifications.dataset, dataset), eq(hosCertifications.driverId, driver.id)))
    .orderBy(desc(hosCertifications.logDate))
    .limit(1);
  if (!last) return null;
  const dayEnd = calendarDayOf(driver, last.date).endMs;
  return { date: last.date, from: new Date(Math.min(dayEnd, last.certifiedAt.getTime())), dayEnd: new Date(dayEnd) };
};
