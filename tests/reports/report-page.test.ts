import { describe, expect, it } from "vitest";
import { pageOfReport, REPORT_PAGE_ROWS } from "@/lib/reports/report-page";

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ trip: index + 1 }));
const trips = (page: { rows: Record<string, unknown>[] }) => page.rows.map((row) => row.trip);

describe("a page of a report's table", () => {
  it("holds 100 rows a page, and the pages neither overlap nor skip a row", () => {
    const report = rows(2_274);
    expect(REPORT_PAGE_ROWS).toBe(100);
    const second = pageOfReport({ rows: report, page: 2 });
    expect(second).toMatchObject({ page: 2, pageCount: 23, firstRow: 101, lastRow: 200, rowCount: 2_274 });
    expect(trips(second)).toEqual(report.slice(100, 200).map((row) => row.trip));
    const all = Array.from({ length: second.pageCount }, (_, index) => trips(pageOfReport({ rows: report, page: index + 1 }))).flat();
    expect(all).toEqual(report.map((row) => row.trip));
    expect(pageOfReport({ rows: report, page: 23 })).toMatchObject({ firstRow: 2_201, lastRow: 2_274 });
  });

  it("shows the last page for a page past the end (a kept link to a report that shrank)", () => {
    expect(pageOfReport({ rows: rows(250), page: 9 })).toMatchObject({ page: 3, pageCount: 3, firstRow: 201, lastRow: 250 });
  });

  it("is one page for a short report, and one empty page for none", () => {
    expect(pageOfReport({ rows: rows(100), page: 1 })).toMatchObject({ page: 1, pageCount: 1, firstRow: 1, lastRow: 100 });
    expect(pageOfReport({ rows: [], page: 2 })).toEqual({ rows: [], page: 1, pageCount: 1, firstRow: 0, lastRow: 0, rowCount: 0 });
  });
});
