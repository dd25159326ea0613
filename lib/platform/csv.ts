/** A cell's value as records give it. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** One CSV column: its header and how to read the cell from a record. */
export type CsvColumn<T> = { header: string; value: (record: T) => CsvValue };

/**
 * A start a spreadsheet reads as a formula: = + - @ (and their full-width forms, which some
 * spreadsheets fold), a leading tab or carriage return, or any of them after leading white space.
 */
const FORMULA_START = /^[\s\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;
/** Separators of every locale (, ; tab), the quote and line breaks: a cell holding one is quoted. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * The one CSV cell writer (every export goes through it): RFC 4180 quoting of a cell that holds a
 * separator of any locale, so a ";" spreadsheet cannot split it into a new cell that starts a
 * formula, and a text cell with a formula start prefixed with ' (a number stays a number).
 */
export const toCsvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsvRow = (cells: CsvValue[]): string => `${cells.map(toCsvCell).join(",")}\r\n`;

export const toCsvHeader = <T>(columns: readonly CsvColumn<T>[]): string => toCsvRow(columns.map((column) => column.header));

export const toCsvLines = <T>(records: readonly T[], columns: readonly CsvColumn<T>[]): string =>
  records.map((record) => toCsvRow(columns.map((column) => column.value(record)))).join("");

/** A whole CSV file: the header line, then one CRLF-terminated line per record. */
export const toCsv = <T>(columns: readonly CsvColumn<T>[], records: readonly T[]): string => toCsvHeader(columns) + toCsvLines(records, columns);
