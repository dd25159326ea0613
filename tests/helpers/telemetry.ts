import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import type { Dataset, EngineState } from "@/db/schema";
import { ensurePartitions } from "@/lib/telemetry/partitions";

export type TestPosition = { vehicleId: number; time: Date; latitude: number; longitude: number; speed?: number; heading?: number };
export type TestStat = {
  vehicleId: number;
  time: Date;
  engineRpm?: number | null;
  fuelPercent?: number | null;
  odometerMeters?: number | null;
  engineSeconds?: number | null;
  speed?: number | null;
  engineState?: EngineState | null;
};

const arr = (values: readonly unknown[]) => `{${values.map((v) => (v === null || v === undefined ? "NULL" : String(v))).join(",")}}`;

/**
 * Writes telemetry the way the ingestion service does: one transaction that takes the tenant's
 * feed-counter row lock (upsert ... returning), numbers the rows from it, inserts them with unnest
 * arrays and moves `vehicle_state` forward. Seq order is therefore commit order.
 */
export const writeTelemetry = async ({ db, companyId, dataset, positions = [], stats = [] }: {
  db: Database;
  companyId: number;
  dataset: Dataset;
  positions?: readonly TestPosition[];
  stats?: readonly TestStat[];
}) => {
  const times = [...positions, ...stats].map((row) => row.time.getTime());
  if (times.length === 0) return;
  await ensurePartitions({ db, from: new Date(Math.min(...times)), to: new Date(Math.max(...times)) });
  await db.transaction(async (tx) => {
    const count = positions.length + stats.length;
    const result = (await tx.execute(
      sql`insert into feed_counters (company_id, dataset, seq) values (${companyId}, ${dataset}, ${count})
          on conflict (company_id, dataset) do update set seq = feed_counters.seq + ${count} returning seq`,
    )) as unknown as { rows: { seq: string | number }[] };
    let seq = Number(result.rows[0].seq) - count;
    if (positions.length > 0) {
      const seqs = positions.map(() => ++seq);
      await tx.execute(sql`insert into vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading)
        select ${companyId}, ${dataset}, * from unnest(${arr(positions.map((p) => p.vehicleId))}::int[], ${arr(positions.map((p) => p.time.toISOString()))}::timestamptz[],
          ${arr(seqs)}::bigint[], ${arr(positions.map((p) => p.latitude))}::float8[], ${arr(positions.map((p) => p.longitude))}::float8[],
          ${arr(positions.map((p) => p.speed ?? 0))}::real[], ${arr(positions.map((p) => p.heading ?? 0))}::real[])`);
      await tx.execute(sql`insert into vehicle_state (vehicle_id, company_id, dataset, location_time, latitude, longitude, speed, heading, location_seq)
        select distinct on (v) v, ${companyId}, ${dataset}, t, la, lo, sp, he, s
        from unnest(${arr(positions.map((p) => p.vehicleId))}::int[], ${arr(positions.map((p) => p.time.toISOString()))}::timestamptz[],
          ${arr(positions.map((p) => p.latitude))}::float8[], ${arr(positions.map((p) => p.longitude))}::float8[],
          ${arr(positions.map((p) => p.speed ?? 0))}::real[], ${arr(positions.map((p) => p.heading ?? 0))}::real[], ${arr(seqs)}::bigint[]) as u(v, t, la, lo, sp, he, s)
        order by v, t desc
        on conflict (vehicle_id) do update set location_time = excluded.location_time, latitude = excluded.latitude, longitude = excluded.longitude,
          speed = excluded.speed, heading = excluded.heading, location_seq = excluded.location_seq
        where vehicle_state.location_time is null or vehicle_state.location_time <= excluded.location_time`);
    }
    if (stats.length > 0) {
      const seqs = stats.map(() => ++seq);
      const columns = sql`${arr(stats.map((s) => s.vehicleId))}::int[], ${arr(stats.map((s) => s.time.toISOString()))}::timestamptz[], ${arr(seqs)}::bigint[],
          ${arr(stats.map((s) => s.engineRpm))}::real[], ${arr(stats.map((s) => s.fuelPercent))}::real[], ${arr(stats.map((s) => s.odometerMeters))}::float8[],
          ${arr(stats.map((s) => s.engineSeconds))}::float8[], ${arr(stats.map((s) => s.speed))}::real[], ${arr(stats.map((s) => s.engineState))}::text[]`;
      await tx.execute(sql`insert into vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state)
        select ${companyId}, ${dataset}, * from unnest(${columns})`);
      await tx.execute(sql`insert into vehicle_state (vehicle_id, company_id, dataset, stats_time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, ecu_speed, engine_state, stats_seq)
        select distinct on (v) v, ${companyId}, ${dataset}, t, r, f, o, e, sp, st, s from unnest(${columns}) as u(v, t, s, r, f, o, e, sp, st)
        order by v, t desc
        on conflict (vehicle_id) do update set stats_time = excluded.stats_time, engine_rpm = excluded.engine_rpm, fuel_percent = excluded.fuel_percent,
          odometer_meters = excluded.odometer_meters, engine_seconds = excluded.engine_seconds, ecu_speed = excluded.ecu_speed,
          engine_state = excluded.engine_state, stats_seq = excluded.stats_seq
        where vehicle_state.stats_time is null or vehicle_state.stats_time <= excluded.stats_time`);
    }
  });
};
