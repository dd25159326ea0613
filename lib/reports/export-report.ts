import { Readable } from "node:stream";
import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { toCsvRow } from "@/lib/platform/csv";
import { isoInZone } from "@/lib/platform/zoned-time";
import type { Report, ReportColumn, ReportValue } from "./report-table";

/** Rows per chunk of a streamed CSV: small enough that no chunk is large, large enough that the stream is not chatty. */
const CSV_ROWS_PER_CHUNK = 500;

/** A cell as exports write it: times as local ISO 8601 with the zone's offset, numbers as numbers. */
const exportValue = (column: ReportColumn, value: ReportValue, timeZone: string) =>
  column.format === "time" && typeof value === "string" ? isoInZone(value, timeZone) : value;

/** The report's CSV lines: a header, its rows, then the totals row. */
function* reportCsvLines(report: Report, timeZone: string) {
  yield toCsvRow(report.columns.map((column) => column.label));
  for (const row of report.rows) yield toCsvRow(report.columns.map((column) => exportValue(column, row[column.key] ?? null, timeZone)));
  yield toCsvRow(report.columns.map((column, index) => (index === 0 ? "Total" : (report.totals[column.key] ?? null))));
}

/** The report as one CSV string (a mail attachment). */
export const reportToCsv = (report: Report, timeZone: string) => [...reportCsvLines(report, timeZone)].join("");

/** The report as a CSV stream, a few hundred rows a chunk, so a download is never one large string. */
export const streamReportCsv = (report: Report, timeZone: string): ReadableStream<Uint8Array> => {
  const lines = reportCsvLines(report, timeZone);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull: (controller) => {
      let chunk = "";
      for (let count = 0; count < CSV_ROWS_PER_CHUNK; count++) {
        const next = lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
};

/**
 * The report as an Excel workbook (write-excel-file): bold header, numbers as numbers, a totals row.
 * The writer builds the sheet whole before it zips, so only the zip is streamed out; the row count is
 * bounded by the 35-day range and the number of exports that may run at once (lib/platform/rate-limit).
 */
export const streamReportXlsx = async (report: Report, timeZone: string): Promise<ReadableStream<Uint8Array>> => {
  const cell = (value: ReportValue, bold = false): Cell => {
    if (value === null) return null;
    const style = bold ? { fontWeight: "bold" as const } : {};
    return typeof value === "number" ? { value, type: Number, ...style } : { value, type: String, ...style };
  };
  const data: SheetData = [
    report.columns.map((column) => cell(column.label, true)),
    ...report.rows.map((row) => report.columns.map((column) => cell(exportValue(column, row[column.key] ?? null, timeZone)))),
    report.columns.map((column, index) => cell(index === 0 ? "Total" : (report.totals[column.key] ?? null), true)),
  ];
  // toStream() without a destination returns the zip as a Readable (the typings give one union for both forms).
  const toStream = writeXlsxFile(data, { sheet: report.title.slice(0, 31) }).toStream as () => Promise<Readable>;
  return Readable.toWeb(await toStream()) as ReadableStream<Uint8Array>;
};
