/** One CSV column: its header and how to read the cell from a record. */
export type CsvColumn<T> = { header: string; value: (record: T) => string | number | boolean | Date | null | undefined };

/** RFC 4180 quoting; cells starting with = + - @ are prefixed with ' so spreadsheets do not run them as formulas. */
export const toCsvCell = (value: string | number | boolean | Date | null | undefined): string => {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsvRow = (cells: (string | number | boolean | Date | null | undefined)[]): string => `${cells.map(toCsvCell).join(",")}\r\n`;

export const toCsvHeader = <T>(columns: CsvColumn<T>[]): string => toCsvRow(columns.map((column) => column.header));

export const toCsvLines = <T>(records: T[], columns: CsvColumn<T>[]): string => records.map((record) => toCsvRow(columns.map((column) => column.value(record)))).join("");
