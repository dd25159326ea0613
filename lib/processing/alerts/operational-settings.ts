import { z } from "zod";
import { isoInZone, isTimeZone } from "@/lib/platform/zoned-time";

export const WEEKDAYS = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a 24-hour time such as 07:30");

/**
 * Samsara's operational settings: when a rule may raise incidents. `activeBetween` the listed
 * ranges only; `inactiveBetween` outside them (working hours listed there make a rule that watches
 * use out of hours). A range whose start is after its end runs overnight into the next day.
 */
export const operationalSettingsSchema = z
  .object({
    timeRangeType: z.enum(["activeBetween", "inactiveBetween"]),
    timeRanges: z
      .array(
        z.object({
          daysOfWeek: z.array(z.enum(WEEKDAYS)).min(1).max(7),
          startTime: clockTime,
          endTime: clockTime,
          timezone: z.string().refine(isTimeZone, "an IANA time zone such as America/Chicago"),
        }),
      )
      .min(1)
      .max(50),
  })
  .meta({ id: "AlertOperationalSettings" });

export type OperationalSettings = z.output<typeof operationalSettingsSchema>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `at` falls in one range: on a listed day from its start, or (overnight) the next day before its end. */
const inRange = (range: OperationalSettings["timeRanges"][number], at: Date) => {
  const local = isoInZone(at, range.timezone);
  const weekday = new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay();
  const minute = minutesOf(local.slice(11, 16));
  const [start, end] = [minutesOf(range.startTime), minutesOf(range.endTime)];
  const listed = (day: number) => range.daysOfWeek.includes(WEEKDAYS[(day + 7) % 7]);
  if (start <= end) return listed(weekday) && minute >= start && minute < end;
  return (listed(weekday) && minute >= start) || (listed(weekday - 1) && minute < end);
};

/** Whether a rule with these settings (none: always) may open an incident at `at`. */
export const isOperationalAt = (settings: OperationalSettings | null, at: Date) => {
  if (!settings) return true;
  const inside = settings.timeRanges.some((range) => inRange(range, at));
  return settings.timeRangeType === "activeBetween" ? inside : !inside;
};

const DAY_ABBREVIATIONS: Record<Weekday, string> = {
  SUNDAY: "Sun",
  MONDAY: "Mon",
  TUESDAY: "Tue",
  WEDNESDAY: "Wed",
  THURSDAY: "Thu",
  FRIDAY: "Fri",
  SATURDAY: "Sat",
};

/** "outside Mon–Fri 07:00–18:00" for the rules list; empty when the rule applies at all times. */
export const describeOperationalSettings = (settings: OperationalSettings | null) => {
  if (!settings) return "";
  const ranges = settings.timeRanges.map((range) => `${range.daysOfWeek.map((day) => DAY_ABBREVIATIONS[day]).join(" ")} ${range.startTime}–${range.endTime}`);
  return `${settings.timeRangeType === "activeBetween" ? "only" : "outside"} ${ranges.join("; ")}`;
};
