import { z } from "zod";
import { WASTE_JOB_STATUSES, WASTE_SERVICE_TYPES } from "@/db/schema";
import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";

export const WASTE_JOBS_PAGE_SIZE = 50;

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
/** An invalid value in the URL (a hand-edited link) drops that filter instead of failing the page. */
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional()).catch(undefined);

const filtersSchema = z.object({
  status: lenient(z.enum(WASTE_JOB_STATUSES)),
  serviceType: lenient(z.enum(WASTE_SERVICE_TYPES)),
  from: lenient(date),
  to: lenient(date),
  vehicle: lenient(z.coerce.number().int().min(1).max(2_147_483_647)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(10_000_000).default(0)).catch(0),
});

export type WasteJobFilters = z.infer<typeof filtersSchema>;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The waste-jobs page's filters from its URL; the scheduled range is whole days in the company's
 * `timeZone`, `to` included. A URL without `from` opens on today's and upcoming jobs (a blank `from`
 * asks for every day).
 */
export const parseWasteJobFilters = ({ params, timeZone, now }: { params: Record<string, string | string[] | undefined>; timeZone: string; now: Date }) => {
  const single = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const filters = filtersSchema.parse({ from: dayInZone(now, timeZone), ...single });
  return {
    filters,
    query: {
      statuses: filters.status ? [filters.status] : undefined,
      serviceTypes: filters.serviceType ? [filters.serviceType] : undefined,
      scheduledFrom: filters.from ? fromLocalInput(filters.from, timeZone) : undefined,
      scheduledTo: filters.to ? fromLocalInput(nextDay(filters.to), timeZone) : undefined,
      assignedToAssetId: filters.vehicle,
    },
  };
};

/** The filters as URL parameters (without the offset), for links that keep them; an open start stays explicit (`from=`). */
export const toWasteJobSearchParams = (filters: Partial<WasteJobFilters>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const key of ["status", "serviceType", "from", "to", "vehicle"] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
    else if (key === "from") params.set("from", "");
  }
  return params;
};
