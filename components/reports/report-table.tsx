import type { Report, ReportColumn, ReportValue } from "@/lib/reports/report-table";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ScrollRegion } from "@/components/ui/scroll-region";

const MINUTES_PER_HOUR = 60;

const formatCell = (column: ReportColumn, value: ReportValue, timeZone: string) => {
  if (value === null || value === "") return "—";
  if (column.format === "time") return formatDateTime(value, timeZone);
  if (column.format === "minutes" && typeof value === "number") {
    const total = Math.round(value);
    return total >= MINUTES_PER_HOUR ? `${Math.floor(total / MINUTES_PER_HOUR)} h ${String(total % MINUTES_PER_HOUR).padStart(2, "0")} min` : `${total} min`;
  }
  if (typeof value === "number") return value.toLocaleString("en-US", { maximumFractionDigits: 1 });
  return value;
};

const isNumeric = (column: ReportColumn) => !["text", "time", "day"].includes(column.format);

/** A report's table with its totals row; the first `limit` rows (the exports hold all). */
export const ReportTable = ({ report, timeZone, limit }: { report: Report; timeZone: string; limit: number }) => (
  <ScrollRegion label={`${report.title} table`}>
    <table className="data-table" data-testid="report-table">
      <thead>
        <tr>
          {report.columns.map((column) => (
            <th key={column.key} scope="col" className={isNumeric(column) ? "numeric" : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {report.rows.slice(0, limit).map((row, index) => (
          <tr key={index} data-testid="report-row">
            {report.columns.map((column) => (
              <td key={column.key} data-label={column.label} className={isNumeric(column) ? "numeric" : undefined}>
                {formatCell(column, row[column.key] ?? null, timeZone)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          {report.columns.map((column, index) => (
            <th key={column.key} scope={index === 0 ? "row" : undefined} className={isNumeric(column) ? "numeric" : undefined}>
              {index === 0 ? `Total (${report.rows.length} rows)` : column.key in report.totals ? formatCell(column, report.totals[column.key], timeZone) : ""}
            </th>
          ))}
        </tr>
      </tfoot>
    </table>
  </ScrollRegion>
);
