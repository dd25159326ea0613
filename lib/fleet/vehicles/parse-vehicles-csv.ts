import { parse } from "csv-parse/sync";
import { AppError } from "@/lib/platform/errors";
import { findTagIdsByName } from "@/lib/fleet/tags/tag-members";
import type { TenantQuery } from "@/lib/platform/tenant";
import { findVehicleIdsByVin } from "./find-vehicle-ids-by-vin";
import { createVehicleSchema, type CreateVehicleInput } from "./vehicle-input";
import { REQUIRED_VEHICLE_CSV_HEADERS, VEHICLE_CSV_HEADERS } from "./vehicles-csv-columns";

/** Thousands of rows, as the issue asks, with room to spare; beyond this a fleet splits its file. */
export const MAX_CSV_ROWS = 20_000;

export type CsvProblem = { line: number; message: string };

/** A good row: what it sets, and the vehicle it updates when its VIN is already the tenant's. */
export type CsvVehicleRow = { line: number; input: CreateVehicleInput; existingVehicleId: number | null };

export type VehiclesCsvPreview = { rows: CsvVehicleRow[]; problems: CsvProblem[] };

type RawRecord = { record: string[]; info: { lines: number } };

const readRecords = (csv: string): RawRecord[] => {
  try {
    return parse(csv, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as RawRecord[];
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    throw new AppError("bad_request", `The file is not valid CSV${lines ? ` (line ${lines})` : ""}: ${message}`);
  }
};

/** The header row checked: known column names only (case-insensitive), name and vin present, none twice. */
const readHeader = (header: string[]) => {
  const known = new Map(VEHICLE_CSV_HEADERS.map((name) => [name.toLowerCase(), name]));
  const columns = header.map((cell) => {
    const name = known.get(cell.toLowerCase());
    if (!name) throw new AppError("bad_request", `Line 1: unknown column "${cell}"; the columns are ${VEHICLE_CSV_HEADERS.join(", ")}.`);
    return name;
  });
  const missing = REQUIRED_VEHICLE_CSV_HEADERS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new AppError("bad_request", `Line 1: the header needs the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`);
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice) throw new AppError("bad_request", `Line 1: the column "${twice}" appears twice.`);
  return columns;
};

const splitList = (cell: string) =>
  cell
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);

/** One row's cells as the vehicle input's shape (empty cells are left out, so they take defaults or keep values). */
const toFields = (columns: string[], cells: string[], tagIdsByName: Map<string, number[]>): { fields: Record<string, unknown>; problem?: string } => {
  const fields: Record<string, unknown> = {};
  for (const [index, column] of columns.entries()) {
    const cell = cells[index] ?? "";
    if (cell === "") continue;
    if (column === "tags") {
      const ids: string[] = [];
      for (const name of splitList(cell)) {
        const found = tagIdsByName.get(name.toLowerCase()) ?? [];
        if (found.length !== 1)
          return { fields, problem: found.length === 0 ? `tags: no tag named "${name}"` : `tags: ${found.length} tags are named "${name}"` };
        ids.push(String(found[0]));
      }
      fields.tagIds = ids;
    } else if (column === "externalIds") {
      const pairs = splitList(cell).map((pair) => pair.split("="));
      const bad = pairs.find((pair) => pair.length !== 2 || !pair[0].trim());
      if (bad) return { fields, problem: `externalIds: "${bad.join("=")}" is not key=value` };
      fields.externalIds = Object.fromEntries(pairs.map(([key, value]) => [key.trim(), value.trim()]));
    } else {
      fields[column] = cell;
    }
  }
  return { fields };
};

/**
 * Reads a vehicle CSV and checks every row without writing anything: the good rows (with the
 * vehicle each updates when its VIN exists) and EVERY bad row with its line and reason. A file-wide
 * fault (not CSV, unknown column, too many rows) is a 400 instead.
 */
export const parseVehiclesCsv = async ({ db, companyId, dataset, csv }: TenantQuery & { csv: string }): Promise<VehiclesCsvPreview> => {
  const [header, ...records] = readRecords(csv);
  if (!header) throw new AppError("bad_request", "The file is empty: it needs a header row and at least one vehicle.");
  if (records.length > MAX_CSV_ROWS) throw new AppError("bad_request", `The file has ${records.length} rows; at most ${MAX_CSV_ROWS} can be imported at once.`);
  const columns = readHeader(header.record);
  const tagIdsByName = await findTagIdsByName({ db, companyId, dataset });
  const rows: CsvVehicleRow[] = [];
  const problems: CsvProblem[] = [];
  const firstLineOfVin = new Map<string, number>();
  for (const { record, info } of records) {
    // csv-parse counts the line a record ends on; a quoted cell may span lines, so count back.
    const line = info.lines - record.reduce((newlines, cell) => newlines + (cell.match(/\n/g)?.length ?? 0), 0);
    if (record.length > columns.length) {
      problems.push({ line, message: `${record.length} cells for ${columns.length} columns` });
      continue;
    }
    const { fields, problem } = toFields(columns, record, tagIdsByName);
    if (problem) {
      problems.push({ line, message: problem });
      continue;
    }
    const parsed = createVehicleSchema.safeParse(fields);
    if (!parsed.success) {
      problems.push({ line, message: parsed.error.issues.map((issue) => `${issue.path.join(".") || "row"}: ${issue.message}`).join("; ") });
      continue;
    }
    const earlier = firstLineOfVin.get(parsed.data.vin);
    if (earlier !== undefined) {
      problems.push({ line, message: `vin: ${parsed.data.vin} is also on line ${earlier}` });
      continue;
    }
    firstLineOfVin.set(parsed.data.vin, line);
    rows.push({ line, input: parsed.data, existingVehicleId: null });
  }
  const existing = await findVehicleIdsByVin({ db, companyId, dataset, vins: rows.map((row) => row.input.vin) });
  for (const row of rows) row.existingVehicleId = existing.get(row.input.vin) ?? null;
  return { rows, problems };
};
