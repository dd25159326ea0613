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

const tenantKey = ({ companyId, dataset }: TelemetryTenant) => `${companyId}:${dataset}`;
const byTime = <T extends { time: Date; vehicleId: number }>(a: T, b: T) => a.time.getTime() - b.time.getTime() || a.vehicleId - b.vehicleId;
const iso = (date: Date) => date.toISOString();
const array = (values: unknown[]) => sql.param(values);

/** Every vehicle must exist and belong to the tenant the caller names: one query for the batch. */
const checkVehicles = async (db: Executor, records: (TelemetryTenant & { vehicleId: number })[]) => {
  const ids = [...new Set(records.map((record) => record.vehicleId))];
  const rows = await queryRows<{ id: number; company_id: number; dataset: string }>(
    db,
    sql`select id, company_id, dataset from vehicles where id = any(${array(ids)}::int[])`,
  );
  const owner = new Map(rows.map((row) => [row.id, `${row.company_id}:${row.dataset}`]));
  for (const record of records) {
    if (owner.get(record.vehicleId) !== tenantKey(record)) throw new AppError("bad_request", `Unknown vehicle ${record.vehicleId}.`);
  }
};

/** Fills `distance` from each vehicle's previous point (in the batch, else its stored latest point). */
const fillDistances = async (db: Executor, positions: PositionReport[]) => {
  const missing = [...new Set(positions.filter((p) => p.distance == null).map((p) => p.vehicleId))];
  if (missing.length === 0) return positions;
  const stored = await queryRows<{ vehicle_id: number; latitude: number; longitude: number; location_time: string }>(
    db,
    sql`select vehicle_id, latitude, longitude, location_time from vehicle_state
        where vehicle_id = any(${array(missing)}::int[]) and location_time is not null`,
  );
  const previous = new Map(stored.map((row) => [row.vehicle_id, { ...row, time: new Date(row.location_time) }]));
  const ordered = [...positions].sort((a, b) => a.vehicleId - b.vehicleId || a.time.getTime() - b.time.getTime());
  const filled = new Map<PositionReport, PositionReport>();
  for (const position of ordered) {
    const before = previous.get(position.vehicleId);
    const distance = position.distance ?? (before && before.time < position.time ? distanceMeters(before, position) : 0);
    filled.set(position, { ...position, distance });
    previous.set(position.vehicleId, { vehicle_id: position.vehicleId, latitude: position.latitude, longitude: position.longitude, location_time: iso(position.time), time: position.time });
  }
  return positions.map((position) => filled.get(position)!);
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

const insertPositions = async (db: Executor, rows: (PositionReport & { seq: number })[]) => {
  if (rows.length === 0) return 0;
  const column = (pick: (row: PositionReport & { seq: number }) => string | number | null | undefined, type: Parameters<typeof packedColumn>[1]) => packedColumn(rows.map(pick), type);
  const [result] = await queryRows<{ accepted: number }>(
    db,
    sql`with input as (
          select * from unnest(${column((r) => r.companyId, "int")}, ${column((r) => r.dataset, "text")}, ${column((r) => r.vehicleId, "int")},
            ${column((r) => iso(r.time), "timestamptz")}, ${column((r) => r.seq, "int8")}, ${column((r) => r.latitude, "float8")},
            ${column((r) => r.longitude, "float8")}, ${column((r) => r.speed ?? 0, "real")}, ${column((r) => r.heading ?? 0, "real")},
            ${column((r) => r.altitude ?? null, "real")}, ${column((r) => r.hdop ?? null, "real")}, ${column((r) => r.satellites ?? null, "int2")},
            ${column((r) => r.accuracy ?? null, "real")}, ${column((r) => r.distance ?? 0, "real")}, ${column((r) => r.battery ?? null, "real")})
          as t(company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, altitude, hdop, satellites, accuracy, distance, battery)
        ), inserted as (
          insert into vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, altitude, hdop, satellites, accuracy, distance, battery)
          select * from input
          on conflict (vehicle_id, time) do nothing
          returning company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, hdop, satellites
        ), latest as (
          select distinct on (vehicle_id) * from inserted order by vehicle_id, time desc
        ), state as (
          insert into vehicle_state (vehicle_id, company_id, dataset, location_time, latitude, longitude, speed, heading, hdop, satellites, location_seq)
          select vehicle_id, company_id, dataset, time, latitude, longitude, speed, heading, hdop, satellites, seq from latest
          on conflict (vehicle_id) do update set
            location_time = excluded.location_time, latitude = excluded.latitude, longitude = excluded.longitude, speed = excluded.speed,
            heading = excluded.heading, hdop = excluded.hdop, satellites = excluded.satellites, location_seq = excluded.location_seq
          where vehicle_state.location_time is null or vehicle_state.location_time < excluded.location_time
          returning 1
        ), dirty as (
          -- Late rows below the rollup watermark: queued for the rollup job (lib/rollups).
          insert into rollup_dirty (vehicle_id, bucket)
          select distinct vehicle_id, date_bin('60 seconds', time, timestamptz 'epoch') from inserted
          where time < (select watermark from rollup_progress)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as accepted from inserted`,
  );
  return Number(result.accepted);
};

const insertStats = async (db: Executor, rows: (StatSample & { seq: number })[]) => {
  if (rows.length === 0) return 0;
  const column = (pick: (row: StatSample & { seq: number }) => string | number | null | undefined, type: Parameters<typeof packedColumn>[1]) => packedColumn(rows.map(pick), type);
  const [result] = await queryRows<{ accepted: number }>(
    db,
    sql`with input as (
          select * from unnest(${column((r) => r.companyId, "int")}, ${column((r) => r.dataset, "text")}, ${column((r) => r.vehicleId, "int")},
            ${column((r) => iso(r.time), "timestamptz")}, ${column((r) => r.seq, "int8")}, ${column((r) => r.engineRpm ?? null, "real")},
            ${column((r) => r.fuelPercent ?? null, "real")}, ${column((r) => r.odometerMeters ?? null, "float8")},
            ${column((r) => r.engineSeconds ?? null, "float8")}, ${column((r) => r.speed ?? null, "real")}, ${column((r) => r.engineState ?? null, "text")})
          as t(company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state)
        ), inserted as (
          insert into vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state)
          select * from input
          on conflict (vehicle_id, time) do nothing
          returning *
        ), latest as (
          select distinct on (vehicle_id) * from inserted order by vehicle_id, time desc
        ), state as (
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
        ), dirty as (
          -- Late rows below the rollup watermark: queued for the rollup job (lib/rollups).
          insert into rollup_dirty (vehicle_id, bucket)
          select distinct vehicle_id, date_bin('60 seconds', time, timestamptz 'epoch') from inserted
          where time < (select watermark from rollup_progress)
          on conflict do nothing
          returning 1
        )
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
    await checkVehicles(tx, all);
    const withDistance = await fillDistances(tx, positions);
    const tenants = new Map<string, { tenant: TelemetryTenant; positions: PositionReport[]; stats: StatSample[] }>();
    const groupOf = (record: TelemetryTenant) => {
      const key = tenantKey(record);
      if (!tenants.has(key)) tenants.set(key, { tenant: { companyId: record.companyId, dataset: record.dataset }, positions: [], stats: [] });
      return tenants.get(key)!;
    };
    for (const position of withDistance) groupOf(position).positions.push(position);
    for (const sample of stats) groupOf(sample).stats.push(sample);
    // A fixed lock order (company, dataset) over the counters keeps concurrent writers free of deadlocks.
    const ordered = [...tenants.values()].sort((a, b) => a.tenant.companyId - b.tenant.companyId || a.tenant.dataset.localeCompare(b.tenant.dataset));
    const numberedPositions: (PositionReport & { seq: number })[] = [];
    const numberedStats: (StatSample & { seq: number })[] = [];
    for (const group of ordered) {
      let seq = await reserveSeq(tx, group.tenant, group.positions.length + group.stats.length);
      for (const position of group.positions.sort(byTime)) numberedPositions.push({ ...position, seq: seq++ });
      for (const sample of group.stats.sort(byTime)) numberedStats.push({ ...sample, seq: seq++ });
    }
    const acceptedPositions = await insertPositions(tx, numberedPositions);
    const acceptedStats = await insertStats(tx, numberedStats);
    return {
      accepted: { positions: acceptedPositions, stats: acceptedStats },
      duplicates: { positions: positions.length - acceptedPositions, stats: stats.length - acceptedStats },
    };
  });
};
