import { z } from "zod";
import { AppError } from "@/lib/platform/errors";
import { parseTimeRange } from "@/lib/platform/time-range";
import { dayInZone, fromLocalInput } from "@/lib/platform/zoned-time";

export const REPORT_KINDS = ["trips", "stops", "places", "idling", "speeding", "daily", "drivers"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  trips: "Trips",
  stops: "Stops",
  places: "Time at places",
  idling: "Idling",
  speeding: "Speeding",
  daily: "Daily summary per vehicle",
  drivers: "Driver summary",
};

const DAY_MS = 86_400_000;
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? []
      : [value]
          .flat()
          .flatMap((item) => item.split(","))
          .filter((item) => item !== ""),
  );

const schema = z.object({
  kind: z.enum(REPORT_KINDS).default("trips"),
  vehicleIds: list,
  driverIds: list,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  // Six digits: a page past the report's end is its last page (pageOfReport), so no real report needs more.
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "must be a page number (1, 2, …).")
    .optional()
    .transform((value) => (value === undefined ? 1 : Number(value))),
});

export type ReportParams = {
  kind: ReportKind;
  vehicleIds: number[] | undefined;
  driverIds: number[] | undefined;
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** The page of the Reports page's table (from 1); the report itself, its exports and schedules, are every row. */
  page: number;
};

const ids = (values: string[], name: string) => {
  if (values.some((value) => !/^\d{1,9}$/.test(value))) throw new AppError("bad_request", `"${name}" must be ids.`);
  return values.length > 0 ? values.map(Number) : undefined;
};

/**
 * A report's URL: which report, whose (vehicles or drivers; none: all) and which local days, both
 * inclusive, in the company's zone (default yesterday and today). At most 35 days. `page` (default 1)
 * is the page of the table shown; anything but a whole number from 1 is a 400 as any bad field is.
 */
export const parseReportParams = ({
  params,
  timeZone,
  now,
}: {
  params: Record<string, string | string[] | undefined>;
  timeZone: string;
  now: Date;
}): ReportParams => {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request", `"${issue.path.join(".")}": ${issue.message}`);
  }
  const { kind, page, from = dayInZone(now.getTime() - DAY_MS, timeZone), to = dayInZone(now, timeZone) } = parsed.data;
  const start = fromLocalInput(from, timeZone);
  // The day after `to`, found from its noon so a 23- or 25-hour day does not matter.
  const end = fromLocalInput(dayInZone(fromLocalInput(to, timeZone).getTime() + DAY_MS + DAY_MS / 2, timeZone), timeZone);
  parseTimeRange({ start: start.toISOString(), end: end.toISOString(), names: ["from", "to"] });
  return { kind, vehicleIds: ids(parsed.data.vehicleIds, "vehicleIds"), driverIds: ids(parsed.data.driverIds, "driverIds"), from, to, start, end, page };
};

/**
 * The URL search of a report: without `page` the whole report (the exports, the scheduled mail's link),
 * whatever page `params` was parsed from; with it that page of the table (page 1 is the bare report).
 */
export const toReportSearch = (params: ReportParams, { page = 1 }: { page?: number } = {}) => {
  const search = new URLSearchParams({ kind: params.kind, from: params.from, to: params.to });
  for (const id of params.vehicleIds ?? []) search.append("vehicleIds", String(id));
  for (const id of params.driverIds ?? []) search.append("driverIds", String(id));
  if (page > 1) search.set("page", String(page));
  return search;
};
