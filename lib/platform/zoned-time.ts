/**
 * Every time the dashboard shows, in the company's time zone and labelled with it ("14:05 CST").
 * Built from Intl parts, not locale strings, so the server and every browser render the same text
 * (hydration agrees) whatever their own zone. The API and the database stay UTC.
 */

export const DEFAULT_TIME_ZONE = "America/Chicago";

export type Instant = Date | string | number;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number; zone: string };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Whether `timeZone` is an IANA zone this runtime knows. */
export const isTimeZone = (timeZone: string) => {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
};

const wallClock = (instant: Instant, timeZone: string): WallClock => {
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) fields[part.type] = part.value;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
    second: Number(fields.second),
    zone: fields.timeZoneName,
  };
};

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const ms = (instant: Instant) => new Date(instant).getTime();

/** "14:05 CST" (with `seconds`, "14:05:09 CST"); `zone: false` leaves the zone off for tight labels. */
export const formatTime = (instant: Instant, timeZone: string, { seconds = false, zone = true } = {}) => {
  const clock = wallClock(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}${seconds ? `:${pad(clock.second)}` : ""}${zone ? ` ${clock.zone}` : ""}`;
};

/** "Nov 21, 2026". */
export const formatDate = (instant: Instant, timeZone: string) => {
  const clock = wallClock(instant, timeZone);
  return `${MONTHS[clock.month - 1]} ${clock.day}, ${clock.year}`;
};

/** "Sat, Nov 21": a calendar day (YYYY-MM-DD), which has no zone. */
export const formatCalendarDay = (isoDay: string) => {
  const date = new Date(`${isoDay}T12:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
};

/** "Nov 21, 2026 14:05 CST"; `empty` for a missing time. */
export const formatDateTime = (instant: Instant | null | undefined, timeZone: string, { seconds = false, empty = "—" } = {}) =>
  instant == null ? empty : `${formatDate(instant, timeZone)} ${formatTime(instant, timeZone, { seconds })}`;

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
const offsetMs = (instant: Instant, timeZone: string) => {
  const clock = wallClock(instant, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - Math.floor(ms(instant) / 1000) * 1000;
};

/** ISO 8601 with the zone's offset, e.g. "2026-11-21T14:05:09-06:00": exports that read as local time and still parse exactly. */
export const isoInZone = (instant: Instant, timeZone: string) => {
  const clock = wallClock(instant, timeZone);
  const offsetMinutes = Math.round(offsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${offset}`;
};

/** The calendar day (YYYY-MM-DD) of `instant` in the zone. */
export const dayInZone = (instant: Instant, timeZone: string) => isoInZone(instant, timeZone).slice(0, 10);

/** `datetime-local` text ("2026-11-21T14:05") for an instant, in the zone. */
export const toLocalInput = (instant: Instant, timeZone: string) => isoInZone(instant, timeZone).slice(0, 16);

/** The instant a wall-clock reading ("2026-11-21T14:05" or "2026-11-21") names in the zone; refined twice for DST change days. */
export const fromLocalInput = (text: string, timeZone: string): Date => {
  const [date, time = "00:00"] = text.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wallMs = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wallMs - offsetMs(wallMs, timeZone);
  return new Date(wallMs - offsetMs(firstGuess, timeZone));
};

/** The instant the zone's calendar day containing `instant` began. */
export const startOfDayInZone = (instant: Instant, timeZone: string) => fromLocalInput(dayInZone(instant, timeZone), timeZone);

/** "Times in America/Chicago": the label a page with times carries. */
export const zoneLabel = (timeZone: string) => `Times in ${timeZone}`;
