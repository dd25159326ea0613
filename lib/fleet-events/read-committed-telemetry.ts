import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import type { TelemetryTenant } from "@/lib/telemetry/telemetry-batch";

export type CommittedPosition = { time: Date; seq: number; latitude: number; longitude: number; speed: number; heading: number; distance: number };
export type CommittedStat = Pick<typeof vehicleStatSamples.$inferSelect, "time" | "seq" | "engineState" | "engineRpm" | "fuelPercent" | "odometerMeters" | "engineSeconds" | "speed">;

/** One vehicle's newly committed rows, each list in time order (a late point sorts before later ones already processed: compare with your state). */
export type VehicleTelemetry = { vehicleId: number; positions: CommittedPosition[]; stats: CommittedStat[] };

const byTime = <T extends { time: Date }>(a: T, b: T) => a.time.getTime() - b.time.getTime();

/** A tenant's rows with change sequence in (`afterSeq`, `throughSeq`], grouped by vehicle. */
export const readCommittedTelemetry = async ({ db, tenant, afterSeq, throughSeq }: { db: Executor; tenant: TelemetryTenant; afterSeq: number; throughSeq: number }) => {
  const inWindow = <T extends typeof vehiclePositions | typeof vehicleStatSamples>(table: T) =>
    and(eq(table.companyId, tenant.companyId), eq(table.dataset, tenant.dataset), gt(table.seq, afterSeq), lte(table.seq, throughSeq));
  const [positions, stats] = [
    await db
      .select({ vehicleId: vehiclePositions.vehicleId, time: vehiclePositions.time, seq: vehiclePositions.seq, latitude: vehiclePositions.latitude, longitude: vehiclePositions.longitude, speed: vehiclePositions.speed, heading: vehiclePositions.heading, distance: vehiclePositions.distance })
      .from(vehiclePositions)
      .where(inWindow(vehiclePositions))
      .orderBy(asc(vehiclePositions.seq)),
    await db
      .select({ vehicleId: vehicleStatSamples.vehicleId, time: vehicleStatSamples.time, seq: vehicleStatSamples.seq, engineState: vehicleStatSamples.engineState, engineRpm: vehicleStatSamples.engineRpm, fuelPercent: vehicleStatSamples.fuelPercent, odometerMeters: vehicleStatSamples.odometerMeters, engineSeconds: vehicleStatSamples.engineSeconds, speed: vehicleStatSamples.speed })
      .from(vehicleStatSamples)
      .where(inWindow(vehicleStatSamples))
      .orderBy(asc(vehicleStatSamples.seq)),
  ];
  const vehicles = new Map<number, VehicleTelemetry>();
  const of = (vehicleId: number) => {
    let entry = vehicles.get(vehicleId);
    if (!entry) vehicles.set(vehicleId, (entry = { vehicleId, positions: [], stats: [] }));
    return entry;
  };
  for (const { vehicleId, ...row } of positions) of(vehicleId).positions.push(row);
  for (const { vehicleId, ...row } of stats) of(vehicleId).stats.push(row);
  for (const entry of vehicles.values()) {
    entry.positions.sort(byTime);
    entry.stats.sort(byTime);
  }
  return [...vehicles.values()];
};
