/** A column of the stats CSV: its header (with unit) and how to read it from a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

const escapeCell = (value: string | number | null | undefined) => {
  if (value == null) return "";
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180 CSV: a header line, one line per row, CRLF line ends, cells quoted only when needed. */
export const buildCsv = <Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]) =>
  [columns.map((column) => escapeCell(column.header)), ...rows.map((row) => columns.map((column) => escapeCell(column.value(row))))]
    .map((cells) => cells.join(","))
    .join("\r\n") + "\r\n";

/** `DEMO-001-stats-2026-11-20T08-00-2026-11-21T08-00.csv`: safe on every file system. */
export const csvFileName = ({ vehicleName, from, to }: { vehicleName: string; from: string; to: string }) => {
  const stamp = (iso: string) => iso.slice(0, 16).replaceAll(":", "-");
  const safeName = vehicleName.replace(/[^A-Za-z0-9_-]+/g, "_");
  return `${safeName}-stats-${stamp(from)}-${stamp(to)}.csv`;
};
