import { z } from "zod";
import { parseTimeRange } from "@/lib/platform/time-range";

/** `/api/dashboard/vehicles/{id}`: a positive integer id. */
export const vehicleParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `?from=...&to=...` (the dashboard's names for the history range). */
export const rangeQuerySchema = z.object({ from: z.string().optional(), to: z.string().optional() });

/** The history range of a parsed `rangeQuerySchema`, at most 35 days, read by the one time-range parser (a 400 names `from` or `to`). */
export const historyRange = ({ from, to }: z.output<typeof rangeQuerySchema>) => parseTimeRange({ start: from, end: to, names: ["from", "to"] });

export const changesQuerySchema = z.object({ locationsAfter: z.string().min(1), statsAfter: z.string().min(1) });
