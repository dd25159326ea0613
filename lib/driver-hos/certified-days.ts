import { and, desc, eq } from "drizzle-orm";
import { hosCertifications } from "@/db/schema";
import type { DriverRow } from "@/lib/drivers";
import { createDriverCalendar, type CalendarDay } from "@/lib/hos/driver-calendar";
import type { TenantQuery } from "@/lib/tenant";

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
 * The first instant a new duty status may start at: the end of the driver's last certified day
 * (a certified day changes only through an edit the driver accepts), or null when none is certified.
 */
export const editableFrom = async ({ driver, ...tenant }: TenantQuery & { driver: DriverRow }): Promise<Date | null> => {
  const [last] = await listCertifiedDates({ ...tenant, driverId: driver.id });
  return last ? new Date(calendarDayOf(driver, last).endMs) : null;
};
