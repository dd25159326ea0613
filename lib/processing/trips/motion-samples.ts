import type { CommittedPosition, CommittedStat } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import type { MotionSample } from "@/lib/telemetry/motion-segments";

/** The last values a vehicle reported, carried across batches: a position takes the engine state, odometer and fuel from the stats before it. */
export type SampleCarry = {
  latitude: number | null;
  longitude: number | null;
  speed: number;
  engineState: MotionSample["engineState"];
  odometerMeters: number | null;
  fuelPercent: number | null;
};

export const EMPTY_CARRY: SampleCarry = { latitude: null, longitude: null, speed: 0, engineState: null, odometerMeters: null, fuelPercent: null };

type Position = Pick<CommittedPosition, "time" | "latitude" | "longitude" | "speed">;
type Stat = Pick<CommittedStat, "time" | "engineState" | "odometerMeters" | "fuelPercent" | "speed">;

/**
 * A vehicle's positions and stats (each in time order) merged into motion samples: one per position,
 * plus one where the engine state changes (the engine going off ends a trip even when the tracker
 * sends no position with it). At the same instant the stat counts first.
 */
export const toMotionSamples = ({ positions, stats, carry }: { positions: readonly Position[]; stats: readonly Stat[]; carry: SampleCarry }) => {
  const samples: MotionSample[] = [];
  // Updated in place: a copy, as `carry` is the caller's.
  const current = { ...carry };
  const emit = (time: number) => {
    if (current.latitude === null || current.longitude === null) return;
    const { latitude, longitude, speed, engineState, odometerMeters, fuelPercent } = current;
    samples.push({ time, latitude, longitude, speed, engineState, odometerMeters, fuelPercent });
  };
  let p = 0;
  let s = 0;
  while (p < positions.length || s < stats.length) {
    if (s < stats.length && (p >= positions.length || stats[s].time.getTime() <= positions[p].time.getTime())) {
      const stat = stats[s++];
      const changed = stat.engineState !== null && stat.engineState !== current.engineState;
      current.engineState = stat.engineState ?? current.engineState;
      current.odometerMeters = stat.odometerMeters ?? current.odometerMeters;
      current.fuelPercent = stat.fuelPercent ?? current.fuelPercent;
      if (stat.engineState === "Off") current.speed = 0;
      if (changed) emit(stat.time.getTime());
    } else {
      const position = positions[p++];
      current.latitude = position.latitude;
      current.longitude = position.longitude;
      current.speed = position.speed;
      emit(position.time.getTime());
    }
  }
  return { samples, carry: current };
};
