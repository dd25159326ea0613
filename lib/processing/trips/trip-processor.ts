import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies } from "@/db/schema";
import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import type { TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { TRIP_MOTION } from "@/lib/telemetry/motion-segments";
import { DEFAULT_TIME_ZONE, isTimeZone } from "@/lib/platform/zoned-time";
import type { ActivitySettings, DetectedActivity, StoredDetectorState } from "./activity-detector";
import { continueVehicle, lastRowTime } from "./continue-vehicle";
import { fromDetectorStateRow, toDetectorStateRow } from "./detector-state-row";
import { driversAt } from "./driver-at";
import { detectorStatesMemory, knownDetectorStates, TRIP_PROCESSOR } from "./known-detector-states";
import { replayVehicle } from "./replay-vehicle";
import { storeActivity } from "./store-activity";

/**
 * The company's detection settings (Settings → Company; changes apply to what is detected from then
 * on) and its zone, whose local days the activity days are in. The row is read FOR SHARE: a zone
 * change (which rebuilds the days) waits for this batch, or this batch for it.
 */
const loadSettings = async ({ db, companyId }: { db: Executor; companyId: number }): Promise<{ settings: ActivitySettings; timeZone: string }> => {
  const [company] = await db
    .select({ idleMinimumMinutes: companies.idleMinimumMinutes, speedingThreshold: companies.speedingThreshold, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("share");
  return {
    settings: {
      motion: TRIP_MOTION,
      idleMinimumMs: (company?.idleMinimumMinutes ?? 5) * 60_000,
      speedingThresholdMps: company?.speedingThreshold ?? 33.333332,
    },
    timeZone: company && isTimeZone(company.timeZone) ? company.timeZone : DEFAULT_TIME_ZONE,
  };
};

const firstTime = ({ positions, stats }: VehicleTelemetry) => Math.min(positions[0]?.time.getTime() ?? Infinity, stats[0]?.time.getTime() ?? Infinity);

/**
 * Trips, idling events and speeding intervals, detected as telemetry commits. Rows later than the
 * vehicle's detector state continue it; a batch with a row at or before it (a late point) makes the
 * vehicle's recent window be recomputed from stored history (replay-vehicle.ts).
 */
const processTrips: TelemetryProcessor["process"] = async ({ tx, tenant, vehicles, checkpoint, throughSeq }) => {
  const { settings, timeZone } = await loadSettings({ db: tx, companyId: tenant.companyId });
  const { stored, save } = await knownDetectorStates({ db: tx, tenant, checkpoint, settings, vehicleIds: vehicles.map((vehicle) => vehicle.vehicleId) });
  const steps: { vehicle: VehicleTelemetry; lastKnown: number; state: StoredDetectorState; found: DetectedActivity; replayedFrom: number | null }[] = [];
  for (const vehicle of vehicles) {
    const row = stored.get(vehicle.vehicleId);
    const known = row ? { state: fromDetectorStateRow(row), lastTime: row.lastTimeMs } : null;
    const step =
      known && firstTime(vehicle) <= known.lastTime
        ? await replayVehicle({ db: tx, tenant, vehicleId: vehicle.vehicleId, known, lateFrom: firstTime(vehicle), throughSeq, settings })
        : { ...continueVehicle({ telemetry: vehicle, state: known?.state ?? null, settings }), replayedFrom: null };
    steps.push({ vehicle, lastKnown: known?.lastTime ?? -Infinity, ...step });
  }
  // Drivers once detection is done: one read of the assignments over the span of all the batch found.
  const driverOf = await driversAt({ db: tx, tenant, found: new Map(steps.map((step) => [step.vehicle.vehicleId, step.found])) });
  await storeActivity({
    db: tx,
    tenant,
    vehicles: steps.map(({ vehicle, found, replayedFrom }) => ({ vehicleId: vehicle.vehicleId, found, replayedFrom })),
    driverOf,
    timeZone,
  });
  await save({
    rows: steps.map(({ vehicle, lastKnown, state }) =>
      toDetectorStateRow({ vehicleId: vehicle.vehicleId, state, seq: throughSeq, lastTime: Math.max(lastKnown, lastRowTime(vehicle)) }),
    ),
    replayed: new Set(steps.filter((step) => step.replayedFrom !== null).map((step) => step.vehicle.vehicleId)),
    throughSeq,
    rowCount: vehicles.reduce((sum, vehicle) => sum + vehicle.positions.length + vehicle.stats.length, 0),
  });
};

/**
 * Runs at most once a second: a run takes everything committed meanwhile (under load several
 * batches), and trips, idles and speeding intervals appear up to a second later. Alerts are not held
 * back: they are another processor. The detector states are written every 10 s (known-detector-states.ts).
 */
export const tripProcessor: TelemetryProcessor = {
  name: TRIP_PROCESSOR,
  startAt: "beginning",
  process: processTrips,
  committed: detectorStatesMemory.committed,
  minIntervalMs: 1_000,
};
