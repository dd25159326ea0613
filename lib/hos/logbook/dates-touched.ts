import { createDriverCalendar } from "@/lib/hos/rules/driver-calendar";

/** The driver's log dates (YYYY-MM-DD) that [start, end) touches (at least the day of `start`). */
export const datesTouched = (driver: { timezone: string; dayStartHour: number }, start: Date, end: Date) => {
  const calendar = createDriverCalendar(driver);
  const dates: string[] = [];
  for (let day = calendar.dayContaining(start.getTime()); dates.length === 0 || day.startMs < end.getTime(); day = calendar.dayAfter(day)) dates.push(day.date);
  return dates;
};
