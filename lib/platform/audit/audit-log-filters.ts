import { z } from "zod";
import { parseTimeRange } from "@/lib/platform/time-range";
import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "./audit-actions";
import type { AuditEventFilters } from "./list-audit-events";

/** The longest range the page and its export read at once. */
export const AUDIT_LOG_MAX_DAYS = 92;
const DEFAULT_DAYS = 30;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
/** A hand-edited value the lists cannot hold drops that filter instead of failing the page. */
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional()).catch(undefined);

const paramsSchema = z.object({
  actor: lenient(z.string().trim().min(1).max(200)),
  action: lenient(z.enum(AUDIT_ACTIONS)),
  targetType: lenient(z.enum(AUDIT_TARGET_TYPES)),
  targetId: lenient(z.string().trim().min(1).max(200)),
  from: lenient(day),
  to: lenient(day),
  after: lenient(z.string().max(2000)),
});

export type AuditLogParams = z.infer<typeof paramsSchema>;

const addDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The audit log page's (and export's) filters from its URL. The range is whole days in the company's
 * zone, `to` included, by default the last 30 days; it goes through the one time-range parser, so a
 * `to` before `from` or a range over 92 days is a 400 naming the fields.
 */
export const parseAuditLogParams = ({ params, timeZone, now }: { params: Record<string, string | string[] | undefined>; timeZone: string; now: Date }) => {
  const single = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = paramsSchema.parse(single);
  const to = parsed.to ?? dayInZone(now, timeZone);
  const from = parsed.from ?? addDays(to, 1 - DEFAULT_DAYS);
  const range = parseTimeRange({
    start: fromLocalInput(from, timeZone).toISOString(),
    end: fromLocalInput(addDays(to, 1), timeZone).toISOString(),
    names: ["from", "to"],
    maxDays: AUDIT_LOG_MAX_DAYS,
  });
  const filters: AuditEventFilters = { actor: parsed.actor, action: parsed.action, targetType: parsed.targetType, targetId: parsed.targetId, range };
  return { params: { ...parsed, from, to }, filters, after: parsed.after };
};

/** The filters as URL parameters (no cursor), for links and the export that keep them. */
export const toAuditLogSearchParams = (params: AuditLogParams): URLSearchParams => {
  const search = new URLSearchParams();
  for (const key of ["actor", "action", "targetType", "targetId", "from", "to"] as const) {
    const value = params[key];
    if (value) search.set(key, value);
  }
  return search;
};
