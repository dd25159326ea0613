import { sql } from "drizzle-orm";
import { isNodePostgres, type Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { packedColumn } from "./packed-column";
import type { PackedRows } from "./pack-records";
import { POSITION_FIELDS, STAT_FIELDS, type RecordField } from "./telemetry-batch";

/** How one kind of row (positions, stat samples) is written: its function, and the fields packed after `vehicleId` and `time`. */
type RowKind = { writer: "ingest_positions" | "ingest_stats"; fields: readonly RecordField<never>[] };

/**
 * ONE call for one tenant's rows of one kind: `ingest_positions` / `ingest_stats` (migrations 0008 and 0048, the latest definition),
 * functions of the tenant so that on Citus the whole call runs on the worker holding the tenant's
 * shards (db/distribution.ts). Each reserves the tenant's change sequence numbers (the counter row
 * stays locked until commit, so no other ingest of these vehicles runs), then in one statement:
 * - `joined`: the packed rows with their seq, whether the tenant owns each row's vehicle, and that
 *   vehicle's stored state (hash joins in SQL: reading 10,000 states back into the app cost more than
 *   the whole check). `joined` and `compared` are read once, so PostgreSQL inlines them; only `input`
 *   is materialized.
 * - `fresh`: newer than the vehicle's stored state. Such a row cannot be stored already and goes in
 *   with a plain insert; the others may be resends and skip on the primary key.
 * - Each vehicle's last fresh row (`superseded` marks the others) becomes its state: an UPDATE of the
 *   stored row, or a first row for a vehicle's first report. Each is ONE boolean column, so that the
 *   planner estimates half the rows and hash-joins 10,000 states.
 * - Rows older than the rollup watermark queue their minute for the rollup job (a skipped resend's
 *   minute too: recomputing a bucket is harmless, and this spares returning every inserted row).
 * - Positions: a vehicle's first row of the batch without a `distance` gets the meters from the stored
 *   latest fix when that is older (the caller fills the others from the row before). Stat samples: a
 *   sample's missing fields keep the vehicle's stored value.
 */
const writeRows = async ({ db, rows: { tenant, columns }, kind }: { db: Executor; rows: PackedRows; kind: RowKind }) => {
  const packed = [{ name: "vehicleId", type: "int" }, { name: "time", type: "int8" }, ...kind.fields, { name: "superseded", type: "bool" }] as const;
  const binary = isNodePostgres(db);
  const [row] = await queryRows<{ accepted: number; unowned: number[] }>(
    db,
    sql`select accepted, unowned from ${sql.raw(kind.writer)}(${tenant.companyId}::int, ${tenant.dataset}::text,
      ${sql.join(
        packed.map(({ name, type }) => packedColumn(columns[name], type, { binary })),
        sql`, `,
      )})`,
  );
  return { accepted: Number(row.accepted), unowned: row.unowned.map(Number) };
};

type WriteOptions = { db: Executor; rows: PackedRows };

/** One tenant's positions: accepted count, and the batch's vehicles the tenant does not own. */
export const insertPositions = (options: WriteOptions) => writeRows({ ...options, kind: { writer: "ingest_positions", fields: POSITION_FIELDS } });

/** One tenant's stat samples: accepted count, and the batch's vehicles the tenant does not own. */
export const insertStats = (options: WriteOptions) => writeRows({ ...options, kind: { writer: "ingest_stats", fields: STAT_FIELDS } });
