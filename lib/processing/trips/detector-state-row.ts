import type { tripDetectorStates } from "@/db/schema";
import type { MotionSample } from "@/lib/telemetry/motion-segments";
import type { StoredDetectorState } from "./activity-detector";

/** One vehicle's trip_detector_states row without its tenant and bookkeeping. */
export type DetectorStateRow = Omit<typeof tripDetectorStates.$inferSelect, "companyId" | "dataset" | "updatedAt">;

/**
 * The state as columns. An open trip's end, end time and last sample are always the newest sample
 * (lib/telemetry/motion-segments.ts: every sample extends the open trip before it becomes `previous`),
 * and its `distanceMeters` is 0 until it closes, so none of them is stored.
 */
export const toDetectorStateRow = ({
  vehicleId,
  lastTime,
  seq,
  state,
}: {
  vehicleId: number;
  lastTime: number;
  seq: number;
  state: StoredDetectorState;
}): DetectorStateRow => {
  const {
    motion: { open, previous },
    idle,
    speeding,
  } = state.activity;
  const { carry } = state;
  return {
    vehicleId,
    lastTimeMs: lastTime,
    seq,
    sampleTimeMs: previous?.time ?? null,
    sampleLatitude: previous?.latitude ?? null,
    sampleLongitude: previous?.longitude ?? null,
    sampleSpeed: previous?.speed ?? null,
    sampleEngineState: previous?.engineState ?? null,
    sampleOdometerMeters: previous?.odometerMeters ?? null,
    sampleFuelPercent: previous?.fuelPercent ?? null,
    carryLatitude: carry.latitude,
    carryLongitude: carry.longitude,
    carrySpeed: carry.speed,
    carryEngineState: carry.engineState ?? null,
    carryOdometerMeters: carry.odometerMeters,
    carryFuelPercent: carry.fuelPercent,
    tripStartTimeMs: open?.startTime ?? null,
    tripStartLatitude: open?.start.latitude ?? null,
    tripStartLongitude: open?.start.longitude ?? null,
    tripMaxSpeed: open?.maxSpeedMps ?? null,
    tripGpsMeters: open?.gpsMeters ?? null,
    tripFarthestMeters: open?.farthestMeters ?? null,
    tripStartOdometerMeters: open?.startOdometer ?? null,
    tripEndOdometerMeters: open?.endOdometer ?? null,
    tripRestingSinceMs: open?.restingSince ?? null,
    tripFuelUsedPercent: open?.fuelUsedPercent ?? null,
    tripLastFuelPercent: open?.lastFuelPercent ?? null,
    idleStartTimeMs: idle?.startTime ?? null,
    idleLatitude: idle?.latitude ?? null,
    idleLongitude: idle?.longitude ?? null,
    idleFuelUsedPercent: idle?.fuelUsedPercent ?? null,
    idleLastFuelPercent: idle?.lastFuelPercent ?? null,
    speedingStartTimeMs: speeding?.startTime ?? null,
    speedingLatitude: speeding?.latitude ?? null,
    speedingLongitude: speeding?.longitude ?? null,
    speedingMaxSpeed: speeding?.maxSpeedMps ?? null,
  };
};

/** The state a row holds (the inverse of toDetectorStateRow). */
export const fromDetectorStateRow = (row: DetectorStateRow): StoredDetectorState => {
  const previous: MotionSample | null =
    row.sampleTimeMs === null
      ? null
      : {
          time: row.sampleTimeMs,
          latitude: row.sampleLatitude!,
          longitude: row.sampleLongitude!,
          speed: row.sampleSpeed!,
          engineState: row.sampleEngineState,
          odometerMeters: row.sampleOdometerMeters,
          fuelPercent: row.sampleFuelPercent,
        };
  const open =
    row.tripStartTimeMs === null || previous === null
      ? null
      : {
          startTime: row.tripStartTimeMs,
          endTime: previous.time,
          start: { latitude: row.tripStartLatitude!, longitude: row.tripStartLongitude! },
          end: { latitude: previous.latitude, longitude: previous.longitude },
          maxSpeedMps: row.tripMaxSpeed!,
          gpsMeters: row.tripGpsMeters!,
          startOdometer: row.tripStartOdometerMeters,
          endOdometer: row.tripEndOdometerMeters,
          farthestMeters: row.tripFarthestMeters!,
          restingSince: row.tripRestingSinceMs,
          last: previous,
          fuelUsedPercent: row.tripFuelUsedPercent,
          lastFuelPercent: row.tripLastFuelPercent,
        };
  const idle =
    row.idleStartTimeMs === null
      ? null
      : {
          startTime: row.idleStartTimeMs,
          latitude: row.idleLatitude!,
          longitude: row.idleLongitude!,
          fuelUsedPercent: row.idleFuelUsedPercent,
          lastFuelPercent: row.idleLastFuelPercent,
        };
  const speeding =
    row.speedingStartTimeMs === null
      ? null
      : { startTime: row.speedingStartTimeMs, latitude: row.speedingLatitude!, longitude: row.speedingLongitude!, maxSpeedMps: row.speedingMaxSpeed! };
  return {
    activity: { motion: { open, previous }, idle, speeding },
    carry: {
      latitude: row.carryLatitude,
      longitude: row.carryLongitude,
      speed: row.carrySpeed,
      engineState: row.carryEngineState,
      odometerMeters: row.carryOdometerMeters,
      fuelPercent: row.carryFuelPercent,
    },
  };
};
