import { z } from "zod";
import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";

const DAY_MS = 86_400_000;
export const VIOLATION_RANGE_MAX_DAYS = 35;
const DEFAULT_DAYS = 7;
export const VIOLATION_TYPES = ["shiftDrivingHours", "shiftHours", "restbreakMissed", "cycleHoursOn"] as const;

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional()).catch(undefined);
const schema = z.object({
  driver: lenient(z.coerce.number().int().min(1).max(2_147_483_647)),
  type: lenient(z.enum(VIOLATION_TYPES)),
  from: lenient(date),
  to: lenient(date),
});

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The violations page's filters: whole days `from`..`to` (both included) in the company's
 * `timeZone`, by default the last 7 days; a range longer than 35 days is cut to the 7 days ending at `to`.
 */
export const parseViolationFilters = ({ params, timeZone, now }: { params: Record<string, string | string[] | undefined>; timeZone: string; now: Date }) => {
  const single = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = schema.parse(single);
  const to = parsed.to ?? dayInZone(now, timeZone);
  const dayCount = parsed.from ? (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${parsed.from}T00:00:00Z`)) / DAY_MS + 1 : 0;
  const from = parsed.from && dayCount >= 1 && dayCount <= VIOLATION_RANGE_MAX_DAYS ? parsed.from : addDays(to, 1 - DEFAULT_DAYS);
  const end = fromLocalInput(addDays(to, 1), timeZone);
  return { driverId: parsed.driver, type: parsed.type, from, to, start: fromLocalInput(from, timeZone), end: end > now ? now : end };
};
