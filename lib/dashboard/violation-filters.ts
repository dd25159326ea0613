import { z } from "zod";

const DAY_MS = 86_400_000;
export const VIOLATION_RANGE_MAX_DAYS = 35;
const DEFAULT_DAYS = 7;
export const VIOLATION_TYPES = ["shiftDrivingHours", "shiftHours", "restbreakMissed", "cycleHoursOn"] as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional()).catch(undefined);
const schema = z.object({
  driver: lenient(z.coerce.number().int().min(1).max(2_147_483_647)),
  type: lenient(z.enum(VIOLATION_TYPES)),
  from: lenient(date),
  to: lenient(date),
});

const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The violations page's filters: whole UTC days `from`..`to` (both included), by default the last
 * 7 days; a range longer than 35 days is cut to the 35 days ending at `to`.
 */
export const parseViolationFilters = (params: Record<string, string | string[] | undefined>, now: Date) => {
  const single = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = schema.parse(single);
  const to = parsed.to ?? isoDay(now);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  let start = parsed.from ? new Date(`${parsed.from}T00:00:00Z`) : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start >= end || end.getTime() - start.getTime() > VIOLATION_RANGE_MAX_DAYS * DAY_MS) start = new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  return { driverId: parsed.driver, type: parsed.type, from: isoDay(start), to, start, end: end > now ? now : end };
};
