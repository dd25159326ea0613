import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { vehicleStatSamples } from "@/db/schema";
import type { TelemetryTenant } from "@/lib/telemetry/telemetry-batch";

export type CommittedPosition = { time: Date; seq: number; latitude: number; longitude: number; speed: number; heading: number; distance: number };
export type CommittedStat = Pick<typeof vehicleStatSamples.$inferSelect, "time" | "seq" | "engineState" | "engineRpm" | "fuelPercent" | "odometerMeters" | "engineSeconds" | "speed">;

/** One vehicle's newly committed rows, each list in time order (a late point sorts before later ones already processed: compare with your state). */
export type VehicleTelemetry = { vehicleId: number; positions: CommittedPosition[]; stats: CommittedStat[] };

const byTime = <T extends { time: Date }>(a: T, b: T) => a.time.getTime() - b.time.getTime();

type Row = { vehicle_id: number; time_ms: number; seq: number | string };

/**
 * A tenant's rows with change sequence in (`afterSeq`, `throughSeq`], grouped by vehicle. Raw SQL
 * with times as epoch milliseconds (exact: the stored microseconds are whole milliseconds): a
 * window is up to 50,000 rows, and drizzle's per-field mapping and parsing each time's text took
 * about as long as the query.
 */
export const readCommittedTelemetry = async ({ db, tenant, afterSeq, throughSeq }: { db: Executor; tenant: TelemetryTenant; afterSeq: number; throughSeq: number }) => {
  const inWindow = sql`company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and seq > ${afterSeq} and seq <= ${throughSeq}`;
  const timeMs = sql`(extract(epoch from time) * 1000)::float8 as time_ms`;
  const positions = await queryRows<Row & Omit<CommittedPosition, "time" | "seq">>(db, sql`select vehicle_id, ${timeMs}, seq, latitude, longitude, speed, heading, distance from vehicle_positions where ${inWindow} order by seq`);
  const stats = await queryRows<Row & Omit<CommittedStat, "time" | "seq">>(
    db,
    sql`select vehicle_id, ${timeMs}, seq, engine_state as "engineState", engine_rpm as "engineRpm", fuel_percent as "fuelPercent", odometer_meters as "odometerMeters", engine_seconds as "engineSeconds", speed from vehicle_stat_samples where ${inWindow} order by seq`,
  );
  const vehicles = new Map<number, VehicleTelemetry>();
  const of = (vehicleId: number) => {
    let entry = vehicles.get(vehicleId);
    if (!entry) vehicles.set(vehicleId, (entry = { vehicleId, positions: [], stats: [] }));
    return entry;
  };
  for (const { vehicle_id, time_ms, seq, latitude, longitude, speed, heading, distance } of positions)
    of(vehicle_id).positions.push({ time: new Date(time_ms), seq: Number(seq), latitude, longitude, speed, heading, distance });
  for (const { vehicle_id, time_ms, seq, engineState, engineRpm, fuelPercent, odometerMeters, engineSeconds, speed } of stats)
    of(vehicle_id).stats.push({ time: new Date(time_ms), seq: Number(seq), engineState, engineRpm, fuelPercent, odometerMeters, engineSeconds, speed });
  for (const entry of vehicles.values()) {
    entry.positions.sort(byTime);
    entry.stats.sort(byTime);
  }
  return [...vehicles.values()];
};
