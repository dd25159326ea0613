import { sql } from "drizzle-orm";
import { isNodePostgres, type Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { packedColumn } from "./packed-column";
import type { PackedRows } from "./pack-records";
import { POSITION_FIELDS, STAT_FIELDS, type RecordField } from "./telemetry-batch";

/** How one kind of row (positions, stat samples) is written; every name is SQL the statement is built from. */
type RowKind = {
  table: string;
  /** The record's fields, packed after `vehicleId` and `time` and stored in their columns. */
  fields: readonly RecordField<never>[];
  /** The stored state the rows are compared with (`s`): `state_time` and what `select` needs. */
  state: string;
  /** The fields' values as stored (defaults and derived values applied), as their columns. */
  select?: string;
  /** SET of an existing `vehicle_state` row (`s`) from the vehicle's last row (`l`). */
  setState: string;
  /** A vehicle's first `vehicle_state` row: its columns after the ids, and their values from its last row. */
  firstState: { columns: string; values: string };
};

const EPOCH_MS_TO_TIME = "timestamptz 'epoch' + time_ms * interval '1 millisecond'";

/**
 * ONE statement for one tenant's rows of one kind: the rows, each row's vehicle's stored state and the
 * late rows' rollup queue.
 * - `joined`: the packed rows with their seq (`firstSeq` + position), whether the tenant owns each
 *   row's vehicle, and that vehicle's stored state (hash joins in SQL: reading 10,000 states back
 *   into the app cost more than the whole check). `joined` and `compared` are read once, so
 *   PostgreSQL inlines them; only `input` is materialized.
 * - `fresh`: newer than the vehicle's stored state. Such a row cannot be stored already (the caller
 *   holds the tenant's counter lock, so no other ingest of these vehicles runs) and goes in with a
 *   plain insert; the others may be resends and skip on `(vehicle_id, time)`.
 * - Each vehicle's last fresh row (`superseded` marks the others) becomes its state: an UPDATE of
 *   the stored row, or a first row for a vehicle's first report. Each is ONE boolean column, so that
 *   the planner estimates half the rows and hash-joins 10,000 states (four conditions made it guess
 *   6 rows and look each state up by index: 4 ms more per 10,000).
 * - Rows older than the rollup watermark queue their minute for the rollup job (a skipped resend's
 *   minute too: recomputing a bucket is harmless, and this spares returning every inserted row).
 */
const writeRows = async ({ db, firstSeq, rows: { tenant, columns }, kind }: { db: Executor; firstSeq: number; rows: PackedRows; kind: RowKind }) => {
  const packed = [
    { name: "vehicleId", column: "vehicle_id", type: "int" },
    { name: "time", column: "time_ms", type: "int8" },
    ...kind.fields,
    { name: "superseded", column: "superseded", type: "bool" },
  ] as const;
  const fieldColumns = kind.fields.map((field) => field.column).join(", ");
  const allColumns = `company_id, dataset, vehicle_id, time, seq, ${fieldColumns}`;
  const binary = isNodePostgres(db);
  const [row] = await queryRows<{ accepted: number; unowned: number[] }>(
    db,
    sql`with joined as (
      select t.*, ${sql.raw(EPOCH_MS_TO_TIME)} as time, ${firstSeq}::int8 + t.n - 1 as seq, v.id is not null as owned, s.vehicle_id is not null as has_state,
        ${sql.raw(kind.state)}
      from unnest(${sql.join(packed.map(({ name, type }) => packedColumn(columns[name], type, { binary })), sql`, `)})
        with ordinality as t(${sql.raw(packed.map(({ column }) => column).join(", "))}, n)
      left join vehicles v on v.id = t.vehicle_id and v.company_id = ${tenant.companyId} and v.dataset = ${tenant.dataset}
      left join vehicle_state s on s.company_id = ${tenant.companyId} and s.vehicle_id = t.vehicle_id
    ), compared as (
      select *, state_time is null or time > state_time as fresh from joined
    ), input as (
      select ${tenant.companyId}::int as company_id, ${tenant.dataset}::text as dataset, vehicle_id, time, seq, ${sql.raw(kind.select ?? fieldColumns)},
        owned, fresh,
        owned and fresh and superseded is null and has_state as moves_state,
        owned and fresh and superseded is null and not has_state as creates_state
      from compared
    ), ${sql.raw(`fresh_rows as (
      insert into ${kind.table} (${allColumns}) select ${allColumns} from input where owned and fresh
    ), resent_rows as (
      insert into ${kind.table} (${allColumns}) select ${allColumns} from input where owned and not fresh
      on conflict (company_id, vehicle_id, time) do nothing returning 1
    ), moved as (
      update vehicle_state s set ${kind.setState} from input l where s.company_id = ${tenant.companyId} and s.vehicle_id = l.vehicle_id and l.moves_state
    ), first_state as (
      insert into vehicle_state (vehicle_id, company_id, dataset, ${kind.firstState.columns})
      select vehicle_id, company_id, dataset, ${kind.firstState.values} from input where creates_state
    ), dirty as (
      insert into rollup_dirty (company_id, vehicle_id, bucket)
      select distinct company_id, vehicle_id, date_bin('60 seconds', time, timestamptz 'epoch') from input
      where owned and time < (select watermark from rollup_progress)
      on conflict do nothing
    )
    select (select count(*)::int from input where owned and fresh) + (select count(*)::int from resent_rows) as accepted,
      coalesce((select array_agg(distinct vehicle_id) from input where not owned), '{}') as unowned`)}`,
  );
  return { accepted: Number(row.accepted), unowned: row.unowned.map(Number) };
};

/** Great-circle meters from the stored fix, as lib/geo/distance computes them. */
const DISTANCE_FROM_STATE = `2 * 6371008.8 * asin(least(1, sqrt(sin(radians(latitude - state_latitude) / 2) ^ 2
  + cos(radians(state_latitude)) * cos(radians(latitude)) * sin(radians(longitude - state_longitude) / 2) ^ 2)))`;

/**
 * Positions: a vehicle's first row of the batch without a `distance` gets the meters from the stored
 * latest fix when that is older (the caller fills the others from the row before).
 */
const POSITIONS: RowKind = {
  table: "vehicle_positions",
  fields: POSITION_FIELDS,
  state: "s.location_time as state_time, s.latitude as state_latitude, s.longitude as state_longitude",
  select: `latitude, longitude, coalesce(speed, 0) as speed, coalesce(heading, 0) as heading, altitude, hdop, satellites, accuracy, battery,
    coalesce(distance, case when state_time < time then ${DISTANCE_FROM_STATE} else 0 end) as distance`,
  setState: `location_time = l.time, latitude = l.latitude, longitude = l.longitude, speed = l.speed, heading = l.heading,
    hdop = l.hdop, satellites = l.satellites, location_seq = l.seq`,
  firstState: {
    columns: "location_time, latitude, longitude, speed, heading, hdop, satellites, location_seq",
    values: "time, latitude, longitude, speed, heading, hdop, satellites, seq",
  },
};

/** Stat samples: a sample's missing fields keep the vehicle's stored value. */
const STATS: RowKind = {
  table: "vehicle_stat_samples",
  fields: STAT_FIELDS,
  state: "s.stats_time as state_time",
  setState: `stats_time = l.time,
    engine_rpm = coalesce(l.engine_rpm, s.engine_rpm), fuel_percent = coalesce(l.fuel_percent, s.fuel_percent),
    odometer_meters = coalesce(l.odometer_meters, s.odometer_meters), engine_seconds = coalesce(l.engine_seconds, s.engine_seconds),
    ecu_speed = coalesce(l.speed, s.ecu_speed), engine_state = coalesce(l.engine_state, s.engine_state), stats_seq = l.seq`,
  firstState: {
    columns: "stats_time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, ecu_speed, engine_state, stats_seq",
    values: "time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, seq",
  },
};

type WriteOptions = { db: Executor; firstSeq: number; rows: PackedRows };

/** One tenant's positions: accepted count, and the batch's vehicles the tenant does not own. */
export const insertPositions = (options: WriteOptions) => writeRows({ ...options, kind: POSITIONS });

/** One tenant's stat samples: accepted count, and the batch's vehicles the tenant does not own. */
export const insertStats = (options: WriteOptions) => writeRows({ ...options, kind: STATS });
