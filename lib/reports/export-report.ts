import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node";
import { toCsvRow } from "@/lib/dashboard/csv";
import { isoInZone } from "@/lib/time-zone/zoned-time";
import type { Report, ReportColumn, ReportValue } from "./report-table";

/** A cell as exports write it: times as local ISO 8601 with the zone's offset, numbers as numbers. */
const exportValue = (column: ReportColumn, value: ReportValue, timeZone: string) => (column.format === "time" && typeof value === "string" ? isoInZone(value, timeZone) : value);

/** The report as CSV: a header, its rows, then the totals row. */
export const reportToCsv = (report: Report, timeZone: string) =>
  toCsvRow(report.columns.map((column) => column.label)) +
  report.rows.map((row) => toCsvRow(report.columns.map((column) => exportValue(column, row[column.key] ?? null, timeZone)))).join("") +
  toCsvRow(report.columns.map((column, index) => (index === 0 ? "Total" : (report.totals[column.key] ?? null))));

/** The report as an Excel workbook (write-excel-file): bold header, numbers as numbers, a totals row. */
export const reportToXlsx = async (report: Report, timeZone: string): Promise<Buffer> => {
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
  return writeXlsxFile(data, { sheet: report.title.slice(0, 31) }).toBuffer();
};
