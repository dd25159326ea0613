import type { TimeRange } from "@/lib/platform/time-range";
import { ROLLUP_WIDTHS, type RollupWidth } from "./rollup-widths";

/**
 * The largest rollup whose buckets tile the requested ones exactly: its width divides `bucketSeconds`
 * and `range.start` (the buckets' origin) falls on its boundary. Null means raw rows (buckets under a
 * minute, or a start off the minute).
 */
export const chooseRollupWidth = ({ range, bucketSeconds }: { range: TimeRange; bucketSeconds: number }): RollupWidth | null =>
  ROLLUP_WIDTHS.find((width) => bucketSeconds % width === 0 && range.start.getTime() % (width * 1000) === 0) ?? null;

/**
 * SQL text of the instant where rollups stop and raw rows take over: the rollups' progress (or the
 * end of the range), floored to the rollup width, never before the start.
 */
export const rollupSplitSql = (width: RollupWidth, range: TimeRange) =>
  `(select greatest('${range.start.toISOString()}'::timestamptz, least(` +
  `date_bin('${width} seconds', coalesce(rolled_up_to, '${range.start.toISOString()}'::timestamptz), timestamptz 'epoch'), ` +
  `date_bin('${width} seconds', '${range.end.toISOString()}'::timestamptz, timestamptz 'epoch'))) from rollup_progress)`;
