import { distanceMeters } from "@/lib/platform/geo/distance";

/** One report of a vehicle, positions and engine stats merged, in time order. */
export type MotionSample = {
  /** ms since epoch */
  time: number;
  latitude: number;
  longitude: number;
  /** m/s */
  speed: number;
  /** null when the device does not report it (phones): motion alone decides. */
  engineState?: "On" | "Off" | "Idle" | null;
  odometerMeters?: number | null;
  /** Fuel level, percent of the tank; null when not reported. */
  fuelPercent?: number | null;
};

/**
 * When a vehicle is in motion. Trips (a parked car's GPS jitter is no trip, a traffic stop does not
 * split one) and the logbook's automatic driving (5 mph, back to On Duty after 5 minutes at rest)
 * are the same machine with other numbers.
 */
export type MotionSettings = {
  /** Faster than this (m/s) is moving. */
  movingSpeedMps: number;
  /** At rest (or silent) this long ends the segment, at the moment it came to rest. */
  stopAfterMs: number;
  /** A segment that never got this far (straight line) from where it began was jitter. */
  minDisplacementMeters: number;
};

export type MotionSegment = {
  startTime: number;
  endTime: number;
  start: { latitude: number; longitude: number };
  end: { latitude: number; longitude: number };
  /** Odometer difference where the vehicle reports one at both ends, else the GPS path. */
  distanceMeters: number;
  maxSpeedMps: number;
  /** The fuel level's drops over the segment (rises are refuelling), percent of the tank; null without fuel reports. */
  fuelUsedPercent: number | null;
};

/** A segment still open: its distance is worked out from the GPS and odometer readings so far (`segmentSoFar`). */
type OpenSegment = Omit<MotionSegment, "distanceMeters"> & {
  gpsMeters: number;
  startOdometer: number | null;
  endOdometer: number | null;
  farthestMeters: number;
  restingSince: number | null;
  last: MotionSample;
  lastFuelPercent: number | null;
};

/** The detector's whole memory of a vehicle: persisted between batches, so detection is incremental. */
export type MotionState = { open: OpenSegment | null; previous: MotionSample | null };

export const EMPTY_MOTION_STATE: MotionState = { open: null, previous: null };

const position = (sample: MotionSample) => ({ latitude: sample.latitude, longitude: sample.longitude });

/** An open segment as it stands: travelled by the odometer when both ends have a reading, else by GPS. */
export const segmentSoFar = (open: OpenSegment): MotionSegment => {
  const odometer =
    open.startOdometer !== null && open.endOdometer !== null && open.endOdometer >= open.startOdometer ? open.endOdometer - open.startOdometer : null;
  const { startTime, endTime, start, end, maxSpeedMps, fuelUsedPercent } = open;
  return { startTime, endTime, start, end, maxSpeedMps, fuelUsedPercent, distanceMeters: odometer ?? open.gpsMeters };
};

const close = (open: OpenSegment, settings: MotionSettings): MotionSegment | null => {
  // Jitter never gets far; a lone moving report between silences (a fix from elsewhere) lasts no time.
  if (open.farthestMeters < settings.minDisplacementMeters || open.endTime <= open.startTime) return null;
  return segmentSoFar(open);
};

const isMoving = (sample: MotionSample, settings: MotionSettings) => sample.speed > settings.movingSpeedMps && sample.engineState !== "Off";

/**
 * Feeds one sample (later than every sample before it) to the detector; returns the new state and
 * the segment the sample closed, if any. A segment starts at the first moving sample (engine not
 * off) and ends when the engine goes off, or when the vehicle has been at rest or silent for
 * `stopAfterMs`: then at the moment it came to rest. The open segment is updated in place (a
 * detector's state is its own: read from storage or begun here), as it is extended by every sample.
 */
export const advanceMotion = (state: MotionState, sample: MotionSample, settings: MotionSettings): { state: MotionState; closed: MotionSegment | null } => {
  const moving = isMoving(sample, settings);
  let open = state.open;
  let closed: MotionSegment | null = null;
  if (open) {
    const restedSince = open.restingSince ?? (sample.time - open.last.time >= settings.stopAfterMs ? open.last.time : null);
    const ended = sample.engineState === "Off" ? sample.time : restedSince !== null && sample.time - restedSince >= settings.stopAfterMs ? restedSince : null;
    if (ended !== null) {
      if (ended === sample.time) extend(open, sample);
      closed = close({ ...open, endTime: ended }, settings);
      open = null;
    } else {
      extend(open, sample);
      open.restingSince = moving ? null : (open.restingSince ?? sample.time);
    }
  }
  if (!open && moving) open = begin(state.previous ?? sample, sample);
  return { state: { open, previous: sample }, closed };
};

/** A segment opened at `sample`, starting from where the vehicle stood (`from`, its last report at rest). */
const begin = (from: MotionSample, sample: MotionSample): OpenSegment => {
  const open: OpenSegment = {
    startTime: sample.time,
    endTime: sample.time,
    start: position(from),
    end: position(from),
    maxSpeedMps: 0,
    gpsMeters: 0,
    startOdometer: sample.odometerMeters ?? null,
    endOdometer: null,
    farthestMeters: 0,
    restingSince: null,
    last: from,
    fuelUsedPercent: null,
    lastFuelPercent: from.fuelPercent ?? null,
  };
  extend(open, sample);
  return open;
};

const extend = (open: OpenSegment, sample: MotionSample) => {
  open.endTime = sample.time;
  open.end = position(sample);
  open.maxSpeedMps = Math.max(open.maxSpeedMps, sample.speed);
  open.gpsMeters += distanceMeters(open.last, sample);
  open.startOdometer = open.startOdometer ?? sample.odometerMeters ?? null;
  open.endOdometer = sample.odometerMeters ?? open.endOdometer;
  open.farthestMeters = Math.max(open.farthestMeters, distanceMeters(open.start, sample));
  open.last = sample;
  addFuel(open, sample.fuelPercent);
};

/** Fuel used so far, updated in place: the level's drops summed (a rise is a refuel, not negative use). */
export const addFuel = (open: { fuelUsedPercent: number | null; lastFuelPercent: number | null }, fuelPercent: number | null | undefined) => {
  if (fuelPercent === null || fuelPercent === undefined) return;
  const drop = open.lastFuelPercent === null ? 0 : Math.max(0, open.lastFuelPercent - fuelPercent);
  open.fuelUsedPercent = (open.fuelUsedPercent ?? 0) + drop;
  open.lastFuelPercent = fuelPercent;
};

/** Every segment of a time-ordered track; `now` closes a segment whose vehicle has been at rest or silent long enough since. */
export const detectMotion = ({
  samples,
  settings,
  now,
}: {
  samples: readonly MotionSample[];
  settings: MotionSettings;
  now?: number;
}): { segments: MotionSegment[]; state: MotionState } => {
  let state = EMPTY_MOTION_STATE;
  const segments: MotionSegment[] = [];
  for (const sample of samples) {
    const step = advanceMotion(state, sample, settings);
    state = step.state;
    if (step.closed) segments.push(step.closed);
  }
  if (now !== undefined && state.open) {
    const restedSince = state.open.restingSince ?? state.open.last.time;
    if (now - restedSince >= settings.stopAfterMs) {
      const closed = close({ ...state.open, endTime: restedSince }, settings);
      if (closed) segments.push(closed);
      state = { open: null, previous: state.previous };
    }
  }
  return { segments, state };
};

/** Trips by default: 5 mph is moving (the ELD rule's threshold too), 5 minutes at rest ends the trip, under 200 m from the start was jitter. */
export const TRIP_MOTION: MotionSettings = { movingSpeedMps: 2.2352, stopAfterMs: 5 * 60_000, minDisplacementMeters: 200 };
