import { describe, expect, it } from "vitest";
import { TRIP_MOTION } from "@/lib/telemetry/motion-segments";
import {
  detectActivity,
  EMPTY_ACTIVITY_STATE,
  type ActivitySettings,
  type DetectedActivity,
  type StoredDetectorState,
} from "@/lib/processing/trips/activity-detector";
import { fromDetectorStateRow, toDetectorStateRow } from "@/lib/processing/trips/detector-state-row";
import { EMPTY_CARRY, toMotionSamples } from "@/lib/processing/trips/motion-samples";
import { buildTrack, MINUTE } from "./track-builder";

const settings: ActivitySettings = { motion: TRIP_MOTION, idleMinimumMs: 5 * MINUTE, speedingThresholdMps: 30 };

/** A track that opens and closes every kind of interval: trips with and without rests, idles with fuel reports, speeding, silence, parking. */
const rowsOfTrack = () => {
  const start = Date.UTC(2026, 2, 8, 6, 0);
  const track = buildTrack({ tenant: { companyId: 1, dataset: "live" }, vehicleId: 1, start });
  track
    .stand(MINUTE)
    .drive(10 * MINUTE)
    .stand(2 * MINUTE)
    .drive(3 * MINUTE, 36)
    .stand(7 * MINUTE)
    .silence(6 * MINUTE)
    .drive(4 * MINUTE)
    .stand(20 * MINUTE, { engineOn: false, jitter: true });
  const fuelWhileIdle = [12, 13, 14].map((minute) => ({
    time: new Date(start + 16 * MINUTE + minute * 10_000),
    engineState: null,
    odometerMeters: null,
    fuelPercent: 70 - minute / 10,
    speed: null,
  }));
  const stats = [
    ...track.stats.map((stat) => ({
      time: stat.time,
      engineState: stat.engineState ?? null,
      odometerMeters: stat.odometerMeters ?? null,
      fuelPercent: stat.fuelPercent ?? null,
      speed: null,
    })),
    ...fuelWhileIdle,
  ];
  const positions = track.positions.map(({ time, latitude, longitude, speed }) => ({ time, latitude, longitude, speed: speed ?? 0 }));
  const rows = [...positions.map((position) => ({ positions: [position], stats: [] })), ...stats.map((stat) => ({ positions: [], stats: [stat] }))];
  return rows.sort((a, b) => [...a.positions, ...a.stats][0].time.getTime() - [...b.positions, ...b.stats][0].time.getTime());
};

/** Detection a row at a time, the state passed on as is or through `store`. */
const detect = (store: (state: StoredDetectorState, lastTime: number) => StoredDetectorState) => {
  let state: StoredDetectorState = { activity: EMPTY_ACTIVITY_STATE, carry: EMPTY_CARRY };
  const found: DetectedActivity = { trips: [], idles: [], speedings: [] };
  const states: StoredDetectorState[] = [];
  for (const batch of rowsOfTrack()) {
    const { samples, carry } = toMotionSamples({ ...batch, carry: state.carry });
    const step = detectActivity({ state: state.activity, samples, settings });
    state = store({ activity: step.state, carry }, [...batch.positions, ...batch.stats][0].time.getTime());
    // A copy: the detectors update the state they are handed in place.
    states.push(structuredClone(state));
    found.trips.push(...step.found.trips);
    found.idles.push(...step.found.idles);
    found.speedings.push(...step.found.speedings);
  }
  return { found, states };
};

describe("trip_detector_states rows", () => {
  it("hold every state the detectors pass through, so detection from stored rows equals detection in one go", () => {
    const direct = detect((state) => state);
    const stored = detect((state, lastTime) => fromDetectorStateRow(toDetectorStateRow({ vehicleId: 1, lastTime, seq: 0, state })));
    expect(stored.states).toEqual(direct.states);
    expect(stored.found).toEqual(direct.found);
    // The track opened everything there is to store.
    expect(direct.states.some((state) => state.activity.motion.open?.restingSince)).toBe(true);
    expect(direct.states.some((state) => state.activity.idle?.fuelUsedPercent)).toBe(true);
    expect(direct.states.some((state) => state.activity.speeding)).toBe(true);
    expect([direct.found.trips.length, direct.found.idles.length, direct.found.speedings.length]).toEqual([2, 1, 1]);
  });
});
