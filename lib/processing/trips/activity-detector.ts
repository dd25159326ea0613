import type { SampleCarry } from "./motion-samples";
import {
  addFuel,
  advanceMotion,
  EMPTY_MOTION_STATE,
  type MotionSample,
  type MotionSegment,
  type MotionSettings,
  type MotionState,
} from "@/lib/telemetry/motion-segments";

/** What a company decides about detection (Settings → Company), with the trip rules of lib/telemetry/motion-segments.ts. */
export type ActivitySettings = { motion: MotionSettings; idleMinimumMs: number; speedingThresholdMps: number };

type Where = { latitude: number; longitude: number };
export type DetectedIdle = Where & { startTime: number; endTime: number; fuelUsedPercent: number | null };
export type DetectedSpeeding = Where & { startTime: number; endTime: number; maxSpeedMps: number; thresholdMps: number };
export type DetectedActivity = { trips: MotionSegment[]; idles: DetectedIdle[]; speedings: DetectedSpeeding[] };

type OpenIdle = Where & { startTime: number; fuelUsedPercent: number | null; lastFuelPercent: number | null };
type OpenSpeeding = Where & { startTime: number; maxSpeedMps: number };

/**
 * One vehicle's whole detector memory, stored as JSON between batches (trip_detector_states): the
 * motion detector's state, the idle and speeding interval under way, and the start time of the
 * earliest of them (a replay after late points must start there).
 */
export type ActivityState = { motion: MotionState; idle: OpenIdle | null; speeding: OpenSpeeding | null };

/** What trip_detector_states.state holds: the detectors' state and the last values the vehicle reported. */
export type StoredDetectorState = { activity: ActivityState; carry: SampleCarry };

export const EMPTY_ACTIVITY_STATE: ActivityState = { motion: EMPTY_MOTION_STATE, idle: null, speeding: null };

const isIdling = (sample: MotionSample, settings: ActivitySettings) =>
  (sample.engineState === "On" || sample.engineState === "Idle") && sample.speed <= settings.motion.movingSpeedMps;

/** The idle under way after `sample` (updated in place) and the one it closed, if any. */
const advanceIdle = (idle: OpenIdle | null, sample: MotionSample, settings: ActivitySettings): { idle: OpenIdle | null; closed: DetectedIdle | null } => {
  if (!isIdling(sample, settings)) {
    if (!idle || sample.time - idle.startTime < settings.idleMinimumMs) return { idle: null, closed: null };
    const { startTime, latitude, longitude, fuelUsedPercent } = idle;
    return { idle: null, closed: { startTime, endTime: sample.time, latitude, longitude, fuelUsedPercent } };
  }
  if (!idle)
    return {
      idle: {
        startTime: sample.time,
        latitude: sample.latitude,
        longitude: sample.longitude,
        fuelUsedPercent: null,
        lastFuelPercent: sample.fuelPercent ?? null,
      },
      closed: null,
    };
  addFuel(idle, sample.fuelPercent);
  return { idle, closed: null };
};

/** The speeding interval under way after `sample` (updated in place) and the one it closed, if any. */
const advanceSpeeding = (
  speeding: OpenSpeeding | null,
  sample: MotionSample,
  settings: ActivitySettings,
): { speeding: OpenSpeeding | null; closed: DetectedSpeeding | null } => {
  if (sample.speed > settings.speedingThresholdMps) {
    if (!speeding)
      return { speeding: { startTime: sample.time, latitude: sample.latitude, longitude: sample.longitude, maxSpeedMps: sample.speed }, closed: null };
    speeding.maxSpeedMps = Math.max(speeding.maxSpeedMps, sample.speed);
    return { speeding, closed: null };
  }
  if (!speeding) return { speeding: null, closed: null };
  return { speeding: null, closed: { ...speeding, endTime: sample.time, thresholdMps: settings.speedingThresholdMps } };
};

/**
 * Feeds a vehicle's samples (time order, each later than the state's last) to the trip, idle and
 * speeding detectors in one pass. An idle is engine on (or idle) at or under the moving speed for at
 * least `idleMinimumMs`, ending at the first report that moves or has the engine off; a speeding
 * interval runs from the first report over the threshold to the first one not over.
 */
export const detectActivity = ({ state, samples, settings }: { state: ActivityState; samples: readonly MotionSample[]; settings: ActivitySettings }) => {
  const found: DetectedActivity = { trips: [], idles: [], speedings: [] };
  let { motion, idle, speeding } = state;
  for (const sample of samples) {
    const trip = advanceMotion(motion, sample, settings.motion);
    motion = trip.state;
    if (trip.closed) found.trips.push(trip.closed);
    const idleStep = advanceIdle(idle, sample, settings);
    idle = idleStep.idle;
    if (idleStep.closed) found.idles.push(idleStep.closed);
    const speedingStep = advanceSpeeding(speeding, sample, settings);
    speeding = speedingStep.speeding;
    if (speedingStep.closed) found.speedings.push(speedingStep.closed);
  }
  return { state: { motion, idle, speeding }, found };
};

/** The earliest start of anything still open: a replay must begin no later (null when nothing is open). */
export const earliestOpenTime = (state: ActivityState): number | null => {
  const starts = [state.motion.open?.startTime, state.idle?.startTime, state.speeding?.startTime].filter((time): time is number => time !== undefined);
  return starts.length > 0 ? Math.min(...starts) : null;
};
