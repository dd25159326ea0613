import type { Report, ReportColumn, ReportRow, ReportValue } from "@/lib/reports/report-table";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { countOf } from "@/lib/platform/plural";

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

/**
 * A report's table: `rows` (a page of them), and the totals row of the whole report. On a phone each
 * row is a card (`cards-on-phone`): the first column its title, the others labelled; the totals a card too.
 */
export const ReportTable = ({ report, rows, timeZone }: { report: Report; rows: readonly ReportRow[]; timeZone: string }) => (
  <ScrollRegion label={`${report.title} table`}>
    <table className="data cards-on-phone report-table" data-testid="report-table">
      <thead>
        <tr>
          {report.columns.map((column) => (
            <th key={column.key} scope="col" className={isNumeric(column) ? "num" : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} data-testid="report-row">
            {report.columns.map((column, columnIndex) => (
              <td
                key={column.key}
                data-label={columnIndex === 0 ? undefined : column.label}
                className={columnIndex === 0 ? "card-title" : isNumeric(column) ? "num" : undefined}
              >
                {formatCell(column, row[column.key] ?? null, timeZone)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="report-totals">
          {report.columns.map((column, index) =>
            index === 0 ? (
              <th key={column.key} scope="row" className="card-title">
                Total ({countOf(report.rows.length, "row")})
              </th>
            ) : column.key in report.totals ? (
              <td key={column.key} data-label={column.label} className={isNumeric(column) ? "num" : undefined}>
                {formatCell(column, report.totals[column.key], timeZone)}
              </td>
            ) : (
              <td key={column.key} className="report-total-empty" />
            ),
          )}
        </tr>
      </tfoot>
    </table>
  </ScrollRegion>
);
