import { AppError } from "@/lib/platform/errors";

export const MAX_RANGE_DAYS = 35;
const DAY_MS = 24 * 60 * 60 * 1000;

// Date and time, optional fraction, optional zone. No zone means UTC (legacy clients send "2024-05-01T10:00:00").
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** One instant from ISO 8601 / RFC 3339 text, or a 400 naming the parameter. */
export const parseInstant = (value: string, name: string): Date => {
  const text = value.trim();
  if (!ISO_8601.test(text)) throw new AppError("bad_request", `"${name}" must be an RFC 3339 / ISO 8601 timestamp, e.g. 2026-01-31T08:00:00Z.`);
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes("T");
  const date = new Date(hasZone ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) throw new AppError("bad_request", `"${name}" is not a valid timestamp.`);
  return date;
};

export type TimeRange = { start: Date; end: Date };

type ParseTimeRangeOptions = {
  start: string | undefined;
  end: string | undefined;
  /** The parameter names as the interface spells them, for messages. */
  names: readonly [string, string];
  maxDays?: number;
};

/** The one time-range parser: both ends required, end after start, at most `maxDays` (35) apart. */
export const parseTimeRange = ({ start, end, names, maxDays = MAX_RANGE_DAYS }: ParseTimeRangeOptions): TimeRange => {
  const [startName, endName] = names;
  if (!start) throw new AppError("bad_request", `"${startName}" is required.`);
  if (!end) throw new AppError("bad_request", `"${endName}" is required.`);
  const range = { start: parseInstant(start, startName), end: parseInstant(end, endName) };
  if (range.end.getTime() <= range.start.getTime()) throw new AppError("bad_request", `"${endName}" must be after "${startName}".`);
  if (range.end.getTime() - range.start.getTime() > maxDays * DAY_MS) {
    throw new AppError("bad_request", `The range from "${startName}" to "${endName}" must be at most ${maxDays} days.`);
  }
  return range;
};
