import { z } from "zod";
import { parseTimeRange } from "@/lib/platform/time-range";

/** `/api/dashboard/vehicles/{id}`: a positive integer id. */
export const vehicleParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `?from=...&to=...`, at most 35 days (the dashboard's names for the history range). */
export const rangeQuerySchema = z
  .object({ from: z.string().optional(), to: z.string().optional() })
  .transform(({ from, to }) => parseTimeRange({ start: from, end: to, names: ["from", "to"] }));

export const changesQuerySchema = z.object({ locationsAfter: z.string().min(1), statsAfter: z.string().min(1) });
