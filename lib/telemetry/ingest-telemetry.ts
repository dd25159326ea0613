import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { AppError } from "@/lib/errors";
import { distanceMeters } from "@/lib/geo/distance";
import { ROLLUP_WATERMARK_LOCK } from "@/lib/rollups/rollup-widths";
import { packedColumn } from "./packed-column";
import { ensurePartitions } from "./partitions";
import { validateTelemetryBatch, type PositionReport, type StatSample, type TelemetryBatch, type TelemetryTenant } from "./telemetry-batch";

export type IngestResult = {
  accepted: { positions: number; stats: number };
  /** Points already stored for that vehicle and time (a resend): skipped, not stored twice. */
  duplicates: { positions: number; stats: number };
};

const byTime = <T extends { time: Date; vehicleId: number }>(a: T, b: T) => a.time.getTime() - b.time.getTime() || a.vehicleId - b.vehicleId;

/** A vehicle of the batch: its tenant and its stored latest fix (the start of its next `distance`). */
type KnownVehicle = { companyId: number; dataset: string; fix: { latitude: number; longitude: number; time: number } | null };

/** Owner and stored latest fix of every vehicle of the batch: one indexed query. */
const readVehicles = async (db: Executor, ids: number[]) => {
  const rows = await queryRows<{ id: number; company_id: number; dataset: string; latitude: number | null; longitude: number | null; location_time: string | null }>(
    db,
    sql`select v.id, v.company_id, v.dataset, s.latitude, s.longitude, s.location_time
        from vehicles v left join vehicle_state s on s.vehicle_id = v.id where v.id = any(${`{${ids.join(",")}}`}::int[])`,
  );
  const known = new Map<number, KnownVehicle>();
  for (const row of rows) {
    const fix = row.location_time === null ? null : { latitude: Number(row.latitude), longitude: Number(row.longitude), time: new Date(row.location_time).getTime() };
    known.set(Number(row.id), { companyId: Number(row.company_id), dataset: row.dataset, fix });
  }
  return known;
};

/** Every vehicle must exist and belong to the tenant the record names; 400 naming the first that does not. */
const checkOwners = (known: Map<number, KnownVehicle>, records: readonly (TelemetryTenant & { vehicleId: number })[], kind: "positions" | "stats") => {
  for (let i = 0; i < records.length; i++) {
    const { vehicleId, companyId, dataset } = records[i];
    const vehicle = known.get(vehicleId);
    if (vehicle?.companyId !== companyId || vehicle.dataset !== dataset) throw new AppError("bad_request", `${kind}[${i}]: unknown vehicle ${vehicleId}.`);
  }
};

/** Reserves `count` numbers of the tenant's change sequence; the row lock is held until commit. */
const reserveSeq = async (db: Executor, tenant: TelemetryTenant, count: number) => {
  const [row] = await queryRows<{ seq: string | number }>(
    db,
    sql`insert into feed_counters (company_id, dataset, seq) values (${tenant.companyId}, ${tenant.dataset}, ${count})
        on conflict (company_id, dataset) do update set seq = feed_counters.seq + excluded.seq
        returning seq`,
  );
  return Number(row.seq) - count + 1;
};

/** Times travel as epoch milliseconds (integers: cheaper to format and parse than ISO text) and become timestamptz exactly. */
const EPOCH_MS_TO_TIME = sql.raw("timestamptz 'epoch' + time_ms * interval '1 millisecond'");

type Cell = string | number | null | undefined;
/** Column-wise rows for a packed `unnest` insert: one array per column, filled in one pass. */
const columns = <K extends string>(names: readonly K[]) => Object.fromEntries(names.map((name) => [name, [] as Cell[]])) as Record<K, Cell[]>;

const POSITION_COLUMNS = ["companyId", "dataset", "vehicleId", "time", "seq", "latitude", "longitude", "speed", "heading", "altitude", "hdop", "satellites", "accuracy", "distance", "battery"] as const;
const STAT_COLUMNS = ["companyId", "dataset", "vehicleId", "time", "seq", "engineRpm", "fuelPercent", "odometerMeters", "engineSeconds", "speed", "engineState"] as const;
type PositionColumns = Record<(typeof POSITION_COLUMNS)[number], Cell[]>;
type StatColumns = Record<(typeof STAT_COLUMNS)[number], Cell[]>;

/**
 * Appends one tenant's positions in time order, numbered from `seq`, with `distance` filled from each
 * vehicle's previous fix (earlier in the batch, else stored) when the device did not send it.
 */
const appendPositions = (target: PositionColumns, positions: PositionReport[], seq: number, known: Map<number, KnownVehicle>) => {
  for (const p of positions.sort(byTime)) {
    const vehicle = known.get(p.vehicleId)!;
    const time = p.time.getTime();
    const before = vehicle.fix;
    const distance = p.distance ?? (before && before.time < time ? distanceMeters(before, p) : 0);
    vehicle.fix = { latitude: p.latitude, longitude: p.longitude, time };
    target.companyId.push(p.companyId);
    target.dataset.push(p.dataset);
    target.vehicleId.push(p.vehicleId);
    target.time.push(time);
    target.seq.push(seq++);
    target.latitude.push(p.latitude);
    target.longitude.push(p.longitude);
    target.speed.push(p.speed ?? 0);
    target.heading.push(p.heading ?? 0);
    target.altitude.push(p.altitude);
    target.hdop.push(p.hdop);
    target.satellites.push(p.satellites);
    target.accuracy.push(p.accuracy);
    target.distance.push(distance);
    target.battery.push(p.battery);
  }
  return seq;
};

const appendStats = (target: StatColumns, stats: StatSample[], seq: number) => {
  for (const s of stats.sort(byTime)) {
    target.companyId.push(s.companyId);
    target.dataset.push(s.dataset);
    target.vehicleId.push(s.vehicleId);
    target.time.push(s.time.getTime());
    target.seq.push(seq++);
    target.engineRpm.push(s.engineRpm);
    target.fuelPercent.push(s.fuelPercent);
    target.odometerMeters.push(s.odometerMeters);
    target.engineSeconds.push(s.engineSeconds);
    target.speed.push(s.speed);
    target.engineState.push(s.engineState);
  }
  return seq;
};

/** CTE `latest`: each vehicle's newest row of the CTE `inserted` (what `vehicle_state` takes). */
const LATEST_PER_VEHICLE = sql.raw("latest as (select distinct on (vehicle_id) * from inserted order by vehicle_id, time desc)");

/** CTE `dirty`: rows of `inserted` below the rollup watermark, queued for the rollup job (lib/rollups). */
const QUEUE_LATE_ROWS = sql.raw(`dirty as (
  insert into rollup_dirty (vehicle_id, bucket)
  select distinct vehicle_id, date_bin('60 seconds', time, timestamptz 'epoch') from inserted
  where time < (select watermark from rollup_progress)
  on conflict do nothing
  returning 1
)`);

const insertPositions = async (db: Executor, c: PositionColumns) => {
  if (c.seq.length === 0) return 0;
  const [result] = await queryRows<{ accepted: number }>(
    db,
    sql`with input as (
          select * from unnest(${packedColumn(c.companyId, "int")}, ${packedColumn(c.dataset, "text")}, ${packedColumn(c.vehicleId, "int")},
            ${packedColumn(c.time, "int8")}, ${packedColumn(c.seq, "int8")}, ${packedColumn(c.latitude, "float8")},
            ${packedColumn(c.longitude, "float8")}, ${packedColumn(c.speed, "real")}, ${packedColumn(c.heading, "real")},
            ${packedColumn(c.altitude, "real")}, ${packedColumn(c.hdop, "real")}, ${packedColumn(c.satellites, "int2")},
            ${packedColumn(c.accuracy, "real")}, ${packedColumn(c.distance, "real")}, ${packedColumn(c.battery, "real")})
          as t(company_id, dataset, vehicle_id, time_ms, seq, latitude, longitude, speed, heading, altitude, hdop, satellites, accuracy, distance, battery)
        ), inserted as (
          insert into vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, altitude, hdop, satellites, accuracy, distance, battery)
          select company_id, dataset, vehicle_id, ${EPOCH_MS_TO_TIME}, seq, latitude, longitude, speed, heading, altitude, hdop, satellites, accuracy, distance, battery from input
          on conflict (vehicle_id, time) do nothing
          returning company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, hdop, satellites
        ), ${LATEST_PER_VEHICLE}, state as (
          insert into vehicle_state (vehicle_id, company_id, dataset, location_time, latitude, longitude, speed, heading, hdop, satellites, location_seq)
          select vehicle_id, company_id, dataset, time, latitude, longitude, speed, heading, hdop, satellites, seq from latest
          on conflict (vehicle_id) do update set
            location_time = excluded.location_time, latitude = excluded.latitude, longitude = excluded.longitude, speed = excluded.speed,
            heading = excluded.heading, hdop = excluded.hdop, satellites = excluded.satellites, location_seq = excluded.location_seq
          where vehicle_state.location_time is null or vehicle_state.location_time < excluded.location_time
          returning 1
        ), ${QUEUE_LATE_ROWS}
        select count(*)::int as accepted from inserted`,
  );
  return Number(result.accepted);
};

const insertStats = async (db: Executor, c: StatColumns) => {
  if (c.seq.length === 0) return 0;
  const [result] = await queryRows<{ accepted: number }>(
    db,
    sql`with input as (
          select * from unnest(${packedColumn(c.companyId, "int")}, ${packedColumn(c.dataset, "text")}, ${packedColumn(c.vehicleId, "int")},
            ${packedColumn(c.time, "int8")}, ${packedColumn(c.seq, "int8")}, ${packedColumn(c.engineRpm, "real")},
            ${packedColumn(c.fuelPercent, "real")}, ${packedColumn(c.odometerMeters, "float8")},
            ${packedColumn(c.engineSeconds, "float8")}, ${packedColumn(c.speed, "real")}, ${packedColumn(c.engineState, "text")})
          as t(company_id, dataset, vehicle_id, time_ms, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state)
        ), inserted as (
          insert into vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state)
          select company_id, dataset, vehicle_id, ${EPOCH_MS_TO_TIME}, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state from input
          on conflict (vehicle_id, time) do nothing
          returning *
        ), ${LATEST_PER_VEHICLE}, state as (
          insert into vehicle_state (vehicle_id, company_id, dataset, stats_time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, ecu_speed, engine_state, stats_seq)
          select vehicle_id, company_id, dataset, time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, seq from latest
          on conflict (vehicle_id) do update set
            stats_time = excluded.stats_time,
            engine_rpm = coalesce(excluded.engine_rpm, vehicle_state.engine_rpm),
            fuel_percent = coalesce(excluded.fuel_percent, vehicle_state.fuel_percent),
            odometer_meters = coalesce(excluded.odometer_meters, vehicle_state.odometer_meters),
            engine_seconds = coalesce(excluded.engine_seconds, vehicle_state.engine_seconds),
            ecu_speed = coalesce(excluded.ecu_speed, vehicle_state.ecu_speed),
            engine_state = coalesce(excluded.engine_state, vehicle_state.engine_state),
            stats_seq = excluded.stats_seq
          where vehicle_state.stats_time is null or vehicle_state.stats_time < excluded.stats_time
          returning 1
        ), ${QUEUE_LATE_ROWS}
        select count(*)::int as accepted from inserted`,
  );
  return Number(result.accepted);
};

/**
 * THE write path of all telemetry (simulator, device ingestion, gateways). One transaction: the
 * raw rows, each vehicle's latest state, and the tenants' change sequence numbers. A whole batch is
 * a handful of set-based statements, whatever its size. Resent points (same vehicle and time) are
 * counted as duplicates and not stored again. Bad values reject the whole batch with 400.
 *
 * Pass the root database handle, or a transaction to make the write part of the caller's (it then
 * runs in a savepoint).
 */
export const ingestTelemetry = async ({ db, batch, now = new Date() }: { db: Executor; batch: TelemetryBatch; now?: Date }): Promise<IngestResult> => {
  validateTelemetryBatch({ batch, now });
  const positions = batch.positions ?? [];
  const stats = batch.stats ?? [];
  const all = [...positions, ...stats];
  if (all.length === 0) return { accepted: { positions: 0, stats: 0 }, duplicates: { positions: 0, stats: 0 } };
  let [first, last] = [Infinity, -Infinity];
  for (const record of all) [first, last] = [Math.min(first, record.time.getTime()), Math.max(last, record.time.getTime())];
  // Outside the transaction on purpose: the partition memo must never record DDL that a rollback undid.
  await ensurePartitions({ db, from: new Date(first), to: new Date(last) });

  return db.transaction(async (tx) => {
    // Shared with every other ingest; the rollup job takes it exclusively to move its watermark.
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLLUP_WATERMARK_LOCK})`);
    const known = await readVehicles(tx, [...new Set(all.map((record) => record.vehicleId))]);
    checkOwners(known, positions, "positions");
    checkOwners(known, stats, "stats");
    const tenants = new Map<string, { tenant: TelemetryTenant; positions: PositionReport[]; stats: StatSample[] }>();
    const groupOf = (record: TelemetryTenant) => {
      const key = `${record.companyId}:${record.dataset}`;
      let group = tenants.get(key);
      if (!group) tenants.set(key, (group = { tenant: { companyId: record.companyId, dataset: record.dataset }, positions: [], stats: [] }));
      return group;
    };
    for (const position of positions) groupOf(position).positions.push(position);
    for (const sample of stats) groupOf(sample).stats.push(sample);
    // A fixed lock order (company, dataset) over the counters keeps concurrent writers free of deadlocks.
    const ordered = [...tenants.values()].sort((a, b) => a.tenant.companyId - b.tenant.companyId || a.tenant.dataset.localeCompare(b.tenant.dataset));
    const positionColumns = columns(POSITION_COLUMNS);
    const statColumns = columns(STAT_COLUMNS);
    for (const group of ordered) {
      const seq = await reserveSeq(tx, group.tenant, group.positions.length + group.stats.length);
      appendStats(statColumns, group.stats, appendPositions(positionColumns, group.positions, seq, known));
    }
    const acceptedPositions = await insertPositions(tx, positionColumns);
    const acceptedStats = await insertStats(tx, statColumns);
    return {
      accepted: { positions: acceptedPositions, stats: acceptedStats },
      duplicates: { positions: positions.length - acceptedPositions, stats: stats.length - acceptedStats },
    };
  });
};
