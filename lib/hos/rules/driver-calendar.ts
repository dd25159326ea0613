/** A driver's day: from `startMs` (inclusive) to `endMs` (exclusive); 23 or 25 hours long across DST changes. */
export type CalendarDay = { date: string; startMs: number; endMs: number };

export type DriverCalendar = {
  dayContaining: (instantMs: number) => CalendarDay;
  dayAfter: (day: CalendarDay) => CalendarDay;
};

type LocalDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Day boundaries shared by every driver on the same calendar: resolving them through Intl dominates the cost of a
 * replay otherwise. Grows by one entry per calendar and day seen; days are frozen as callers share them.
 */
const dayCache = new Map<string, CalendarDay>();

const formatterFor = (timezone: string) => {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
};

/** Wall-clock fields of an instant in `timezone`, expressed as a UTC timestamp (so the offset is a subtraction). */
const wallClockMs = (instantMs: number, timezone: string) => {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(instantMs)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
};

const offsetMs = (instantMs: number, timezone: string) => wallClockMs(instantMs, timezone) - Math.floor(instantMs / 1000) * 1000;

/** The instant at which the local wall clock reads `hour`:00 on `date`; twice refined so it holds on DST change days. */
const instantAt = (date: LocalDate, hour: number, timezone: string) => {
  const wallMs = Date.UTC(date.year, date.month - 1, date.day, hour);
  const firstGuess = wallMs - offsetMs(wallMs, timezone);
  return wallMs - offsetMs(firstGuess, timezone);
};

const shiftDate = (date: LocalDate, days: number): LocalDate => {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
};

const isoDate = ({ year, month, day }: LocalDate) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

const parseIsoDate = (date: string): LocalDate => {
  const [year, month, day] = date.split("-").map(Number);
  return { year, month, day };
};

/** Day boundaries of a driver whose day starts at `dayStartHour` local time in `timezone` (IANA name). */
export const createDriverCalendar = ({ timezone = "UTC", dayStartHour = 0 }: { timezone?: string; dayStartHour?: number }) => {
  const dayOf = (date: LocalDate): CalendarDay => {
    const key = `${timezone}|${dayStartHour}|${isoDate(date)}`;
    let day = dayCache.get(key);
    if (!day) {
      day = { date: isoDate(date), startMs: instantAt(date, dayStartHour, timezone), endMs: instantAt(shiftDate(date, 1), dayStartHour, timezone) };
      dayCache.set(key, Object.freeze(day));
    }
    return day;
  };

  const dayContaining = (instantMs: number) => {
    const wall = new Date(wallClockMs(instantMs, timezone));
    const localDate = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
    const day = dayOf(wall.getUTCHours() < dayStartHour ? shiftDate(localDate, -1) : localDate);
    // A day-start hour skipped by a DST jump resolves near the jump; step across if the instant fell on the other side.
    if (instantMs < day.startMs) return dayOf(shiftDate(parseIsoDate(day.date), -1));
    if (instantMs >= day.endMs) return dayOf(shiftDate(parseIsoDate(day.date), 1));
    return day;
  };

  const dayAfter = (day: CalendarDay) => dayOf(shiftDate(parseIsoDate(day.date), 1));

  return { dayContaining, dayAfter } satisfies DriverCalendar;
};
