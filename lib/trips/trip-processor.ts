import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies } from "@/db/schema";
import type { VehicleTelemetry } from "@/lib/fleet-events/read-committed-telemetry";
import type { TelemetryProcessor } from "@/lib/fleet-events/telemetry-processors";
import { TRIP_MOTION } from "@/lib/motion/motion-segments";
import { DEFAULT_TIME_ZONE, isTimeZone } from "@/lib/time-zone/zoned-time";
import { detectActivity, EMPTY_ACTIVITY_STATE, type ActivitySettings, type DetectedActivity, type StoredDetectorState } from "./activity-detector";
import { fromDetectorStateRow, toDetectorStateRow } from "./detector-state-row";
import { saveDetectorStates } from "./detector-states";
import { driversAt } from "./driver-at";
import { detectorStatesMemory, knownDetectorStates } from "./known-detector-states";
import { EMPTY_CARRY, toMotionSamples } from "./motion-samples";
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
    settings: { motion: TRIP_MOTION, idleMinimumMs: (company?.idleMinimumMinutes ?? 5) * 60_000, speedingThresholdMps: company?.speedingThreshold ?? 33.333332 },
    timeZone: company && isTimeZone(company.timeZone) ? company.timeZone : DEFAULT_TIME_ZONE,
  };
};

const TRIP_PROCESSOR = "trips";

const firstTime = ({ positions, stats }: VehicleTelemetry) => Math.min(positions[0]?.time.getTime() ?? Infinity, stats[0]?.time.getTime() ?? Infinity);
const lastTime = ({ positions, stats }: VehicleTelemetry) => Math.max(positions.at(-1)?.time.getTime() ?? -Infinity, stats.at(-1)?.time.getTime() ?? -Infinity);

/**
 * Trips, idling events and speeding intervals, detected as telemetry commits. Rows later than the
 * vehicle's detector state continue it; a batch with a row at or before it (a late point) makes the
 * vehicle's recent window be recomputed from stored history (replay-vehicle.ts).
 */
const processTrips: TelemetryProcessor["process"] = async ({ tx, tenant, vehicles, checkpoint }) => {
  const { settings, timeZone } = await loadSettings({ db: tx, companyId: tenant.companyId });
  const { stored, remember } = await knownDetectorStates({ db: tx, tenant, checkpoint, vehicleIds: vehicles.map((vehicle) => vehicle.vehicleId) });
  const throughSeq = Math.max(...vehicles.flatMap((vehicle) => [...vehicle.positions, ...vehicle.stats].map((row) => row.seq)));
  const steps: { vehicle: VehicleTelemetry; lastKnown: number; state: StoredDetectorState; found: DetectedActivity; replayedFrom: number | null }[] = [];
  for (const vehicle of vehicles) {
    const row = stored.get(vehicle.vehicleId);
    const known = row ? { state: fromDetectorStateRow(row), lastTime: row.lastTimeMs } : null;
    const step =
      known && firstTime(vehicle) <= known.lastTime
        ? await replayVehicle({ db: tx, tenant, vehicleId: vehicle.vehicleId, known, lateFrom: firstTime(vehicle), throughSeq, settings })
        : { ...continueVehicle({ vehicle, known, settings }), replayedFrom: null };
    steps.push({ vehicle, lastKnown: known?.lastTime ?? -Infinity, ...step });
  }
  // Drivers once detection is done: one read of the assignments over the span of all the batch found.
  const driverOf = await driversAt({ db: tx, tenant, found: new Map(steps.map((step) => [step.vehicle.vehicleId, step.found])) });
  await storeActivity({ db: tx, tenant, vehicles: steps.map(({ vehicle, found, replayedFrom }) => ({ vehicleId: vehicle.vehicleId, found, replayedFrom })), driverOf, timeZone });
  const rows = steps.map(({ vehicle, lastKnown, state }) => toDetectorStateRow({ vehicleId: vehicle.vehicleId, state, lastTime: Math.max(lastKnown, lastTime(vehicle)) }));
  await saveDetectorStates({ db: tx, tenant, rows, stored });
  remember(rows);
};

const continueVehicle = ({ vehicle, known, settings }: { vehicle: VehicleTelemetry; known: { state: StoredDetectorState } | null; settings: ActivitySettings }) => {
  const start = known?.state ?? { activity: EMPTY_ACTIVITY_STATE, carry: EMPTY_CARRY };
  const { samples, carry } = toMotionSamples({ positions: vehicle.positions, stats: vehicle.stats, carry: start.carry });
  const { state, found } = detectActivity({ state: start.activity, samples, settings });
  return { state: { activity: state, carry }, found } satisfies { state: StoredDetectorState; found: DetectedActivity };
};

/**
 * Runs at most once a second: a vehicle's state is then read and written once for all it reported
 * meanwhile (under load several batches), and trips, idles and speeding intervals appear up to a
 * second later. Alerts are not held back: they are another processor.
 */
export const tripProcessor: TelemetryProcessor = { name: TRIP_PROCESSOR, startAt: "beginning", process: processTrips, committed: detectorStatesMemory.committed, minIntervalMs: 1_000 };
