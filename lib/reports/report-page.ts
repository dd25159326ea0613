import type { ReportRow } from "./report-table";

/** Rows a page of the Reports page's table: a phone scrolls through a page, and the exports hold every row. */
export const REPORT_PAGE_ROWS = 100;

/** One page of a report's rows; `firstRow` and `lastRow` count from 1 (both 0 for a report of no rows). */
export type ReportPage = { rows: ReportRow[]; page: number; pageCount: number; firstRow: number; lastRow: number; rowCount: number };

/**
 * The rows of page `page` (from 1). A page past the end is the last page: a kept link outlives the rows
 * it was made for (a report of today's trips, a vehicle since archived), and its last page is the nearest.
 */
export const pageOfReport = ({ rows, page, pageRows = REPORT_PAGE_ROWS }: { rows: readonly ReportRow[]; page: number; pageRows?: number }): ReportPage => {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageRows));
  const shown = Math.min(Math.max(1, page), pageCount);
  const start = (shown - 1) * pageRows;
  const pageRowsShown = rows.slice(start, start + pageRows);
  return {
    rows: pageRowsShown,
    page: shown,
    pageCount,
    firstRow: pageRowsShown.length === 0 ? 0 : start + 1,
    lastRow: start + pageRowsShown.length,
    rowCount: rows.length,
  };
};
