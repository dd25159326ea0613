import { and, getTableColumns, sql } from "drizzle-orm";
import { isNodePostgres, type Executor } from "@/db/client";
import { intArray, joinedColumn, queryRows } from "@/db/rows";
import { tripDetectorStates } from "@/db/schema";
import { packedColumn } from "@/lib/telemetry/store/packed-column";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import type { DetectorStateRow } from "./detector-state-row";

// The columns a state is (the tenant is the statement's, updated_at is bookkeeping).
const { companyId, dataset, updatedAt, ...rowColumns } = getTableColumns(tripDetectorStates);
const FIELDS = Object.keys(rowColumns) as (keyof DetectorStateRow)[];
const NAMES = FIELDS.map((field) => sql.identifier(rowColumns[field].name));
const PACKED_TYPES = { integer: "int", bigint: "int8", "double precision": "float8", text: "text" } as const;
const TEXT_FIELDS = new Set(FIELDS.filter((field) => rowColumns[field].getSQLType() === "text"));

/**
 * The vehicles' stored states, by vehicle: one statement, the ids as one array parameter (a batch
 * names up to a whole fleet), each column read back as ONE comma-joined text. Read as rows, the 35
 * columns of 10,000 states are 350,000 fields for node-postgres to take apart one by one (~80 ms);
 * split per column they cost a quarter of that. The aggregates share one pass over the rows, so the
 * columns' values are in the same order.
 */
export const readDetectorStates = async ({ db, tenant, vehicleIds }: { db: Executor; tenant: Tenant; vehicleIds: readonly number[] }) => {
  const [joined] = await queryRows<Record<keyof DetectorStateRow, string | null>>(
    db,
    sql`select ${sql.join(
      FIELDS.map((field) => joinedColumn(sql`${rowColumns[field]}`, field)),
      sql`, `,
    )} from ${tripDetectorStates} where ${and(whereTenant(tripDetectorStates, tenant), sql`${tripDetectorStates.vehicleId} = any(${intArray(vehicleIds)})`)}`,
  );
  const columns = FIELDS.map((field) =>
    (joined[field] ?? "").split(",").map((value) => (value === "" ? null : TEXT_FIELDS.has(field) ? value : Number(value))),
  );
  const rows = new Map<number, DetectorStateRow>();
  if (joined.vehicleId === null) return rows;
  columns[FIELDS.indexOf("vehicleId")].forEach((vehicleId, at) => {
    // Assigned in one order, so every row shares one hidden class (Object.fromEntries took ~80 ms for 10,000).
    const row: Record<string, unknown> = {};
    FIELDS.forEach((field, f) => (row[field] = columns[f][at]));
    rows.set(vehicleId as number, row as DetectorStateRow);
  });
  return rows;
};

/**
 * The rows as `unnest(...) as u(columns)`, a typed array parameter a column: binary on node-postgres,
 * so PostgreSQL parses no decimal text (lib/telemetry/store/packed-column.ts).
 */
const unnestRows = (db: Executor, rows: readonly DetectorStateRow[]) => {
  const binary = isNodePostgres(db);
  const arrays = FIELDS.map((field) =>
    packedColumn(
      rows.map((row) => row[field]),
      PACKED_TYPES[rowColumns[field].getSQLType() as keyof typeof PACKED_TYPES],
      { binary },
    ),
  );
  return sql`unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(NAMES, sql`, `)})`;
};

/**
 * Writes vehicles' states: one upsert for all of them (a write holds a state of most of a fleet's
 * vehicles, bench/ingest-detectors.ts). `updated_at` is the proposed row's default: Citus refuses
 * now() in DO UPDATE SET on a distributed table.
 */
export const saveDetectorStates = async ({ db, tenant, rows }: { db: Executor; tenant: Tenant; rows: readonly DetectorStateRow[] }) => {
  if (rows.length === 0) return;
  const changed = NAMES.filter((_, f) => FIELDS[f] !== "vehicleId").map((name) => sql`${name} = excluded.${name}`);
  await db.execute(sql`
    insert into trip_detector_states (company_id, dataset, ${sql.join(NAMES, sql`, `)})
    select ${tenant.companyId}, ${tenant.dataset}, u.* from ${unnestRows(db, rows)}
    on conflict (company_id, dataset, vehicle_id) do update set ${sql.join(changed, sql`, `)}, updated_at = excluded.updated_at`);
};
