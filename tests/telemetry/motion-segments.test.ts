import { describe, expect, it } from "vitest";
import { advanceMotion, detectMotion, EMPTY_MOTION_STATE, type MotionSample, type MotionSegment, TRIP_MOTION } from "@/lib/telemetry/motion-segments";

const START = Date.parse("2026-06-01T14:00:00Z");
const METERS_PER_DEGREE_LAT = 111_195;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A track builder: every 10 s a sample, driving north at `speed` m/s or standing still. */
const track = (startTime = START) => {
  const samples: MotionSample[] = [];
  let time = startTime;
  let latitude = 41.88;
  const push = (speed: number, extra: Partial<MotionSample> = {}) => samples.push({ time, latitude, longitude: -87.63, speed, engineState: "On", ...extra });
  const api = {
    drive: (ms: number, speed = 15) => {
      for (const end = time + ms; time < end; time += 10 * SECOND) {
        push(speed);
        latitude += (speed * 10) / METERS_PER_DEGREE_LAT;
      }
      return api;
    },
    stand: (ms: number, extra: Partial<MotionSample> = {}) => {
      for (const end = time + ms; time < end; time += 10 * SECOND) push(0, extra);
      return api;
    },
    silence: (ms: number) => {
      time += ms;
      return api;
    },
    samples,
  };
  return api;
};

describe("motion segments (trips)", () => {
  it("a parked vehicle's GPS jitter, speed spikes included, is no trip", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const samples: MotionSample[] = Array.from({ length: 180 }, (_, index) => ({
      time: START + index * 10 * SECOND,
      latitude: 41.88 + (random() - 0.5) * 0.0003,
      longitude: -87.63 + (random() - 0.5) * 0.0003,
      speed: random() < 0.2 ? 3 + random() * 3 : random(),
      engineState: "Idle",
    }));
    expect(detectMotion({ samples, settings: TRIP_MOTION, now: START + 60 * MINUTE }).segments).toEqual([]);
  });

  it("a 2-minute traffic stop does not split a trip; 5 minutes at rest end it when the vehicle came to rest", () => {
    const { samples } = track()
      .stand(MINUTE)
      .drive(10 * MINUTE)
      .stand(2 * MINUTE)
      .drive(10 * MINUTE)
      .stand(10 * MINUTE);
    const { segments } = detectMotion({ samples, settings: TRIP_MOTION });
    expect(segments).toHaveLength(1);
    expect(segments[0].startTime).toBe(START + MINUTE);
    expect(segments[0].endTime).toBe(START + 23 * MINUTE);
    expect(segments[0].distanceMeters).toBeCloseTo(15 * 20 * 60, -2);
    expect(segments[0].maxSpeedMps).toBe(15);
    expect(segments[0].start.latitude).toBe(41.88);
  });

  it("the engine going off in a car park ends the trip at once", () => {
    const { samples } = track()
      .drive(10 * MINUTE)
      .stand(MINUTE)
      .stand(10 * MINUTE, { engineState: "Off" });
    const { segments } = detectMotion({ samples, settings: TRIP_MOTION });
    expect(segments).toHaveLength(1);
    expect(segments[0].endTime).toBe(START + 11 * MINUTE);
  });

  it("a vehicle moving with its engine reported off makes no trip (towed, or a phone in a passing car)", () => {
    const { samples } = track().drive(5 * MINUTE);
    const off = samples.map((sample) => ({ ...sample, engineState: "Off" as const }));
    expect(detectMotion({ samples: off, settings: TRIP_MOTION, now: START + 60 * MINUTE }).segments).toEqual([]);
  });

  it("takes the distance from the odometer where the vehicle reports one", () => {
    const { samples } = track()
      .drive(10 * MINUTE)
      .stand(6 * MINUTE);
    const withOdometer = samples.map((sample, index) => ({ ...sample, odometerMeters: 1_000_000 + Math.min(index, 60) * 160 }));
    const [trip] = detectMotion({ samples: withOdometer, settings: TRIP_MOTION }).segments;
    expect(trip.distanceMeters).toBe(60 * 160);
  });

  it("a device silent longer than the stop time splits trips where it fell silent", () => {
    const { samples } = track()
      .drive(5 * MINUTE)
      .silence(30 * MINUTE)
      .drive(5 * MINUTE)
      .stand(6 * MINUTE);
    const { segments } = detectMotion({ samples, settings: TRIP_MOTION });
    expect(segments.map((segment) => [segment.startTime - START, segment.endTime - START])).toEqual([
      [0, 5 * MINUTE - 10 * SECOND],
      [35 * MINUTE, 40 * MINUTE],
    ]);
  });

  it("a trip across midnight and the spring-forward hour lasts its real 20 minutes", () => {
    // 2026-03-08 01:50 CST → 03:10 CDT in Chicago: 20 minutes, across local midnight's day too (UTC 07:50).
    const start = Date.parse("2026-03-08T07:50:00Z");
    const { samples } = track(start)
      .drive(20 * MINUTE)
      .stand(6 * MINUTE);
    const [trip] = detectMotion({ samples, settings: TRIP_MOTION }).segments;
    expect(trip.endTime - trip.startTime).toBe(20 * MINUTE);
  });

  it("closes the open trip from `now` once the vehicle has rested long enough, not before", () => {
    const { samples } = track()
      .drive(10 * MINUTE)
      .stand(MINUTE);
    expect(detectMotion({ samples, settings: TRIP_MOTION, now: START + 13 * MINUTE }).segments).toHaveLength(0);
    expect(detectMotion({ samples, settings: TRIP_MOTION, now: START + 16 * MINUTE }).segments).toHaveLength(1);
  });

  it("gives the same trips fed one sample at a time (state stored as JSON between) as in one pass", () => {
    const { samples } = track()
      .drive(7 * MINUTE)
      .stand(3 * MINUTE)
      .drive(4 * MINUTE)
      .stand(8 * MINUTE)
      .drive(9 * MINUTE)
      .stand(6 * MINUTE, { engineState: "Off" });
    const whole = detectMotion({ samples, settings: TRIP_MOTION }).segments;
    let state = EMPTY_MOTION_STATE;
    const batched: MotionSegment[] = [];
    for (const sample of samples) {
      const step = advanceMotion(JSON.parse(JSON.stringify(state)), sample, TRIP_MOTION);
      state = step.state;
      if (step.closed) batched.push(step.closed);
    }
    expect(batched).toEqual(whole);
    expect(whole).toHaveLength(2);
  });
});
