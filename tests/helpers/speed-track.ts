import type { TestPosition } from "./telemetry";

const METERS_PER_DEGREE = 111_320;

/**
 * A drive due east from `from` whose fixes agree with their speeds, as a tracker reports it: `steps` are [seconds
 * after the previous fix, speed m/s] (the first one's seconds unused); each fix is where the mean of the two speeds
 * takes the vehicle.
 */
export const speedTrack = (vehicleId: number, start: Date, from: { latitude: number; longitude: number }, steps: [number, number][]): TestPosition[] => {
  const fixes: TestPosition[] = [{ vehicleId, time: start, ...from, speed: steps[0][1] }];
  for (const [seconds, speed] of steps.slice(1)) {
    const last = fixes.at(-1)!;
    const meters = ((last.speed! + speed) / 2) * seconds;
    fixes.push({
      vehicleId,
      time: new Date(last.time.getTime() + seconds * 1000),
      latitude: from.latitude,
      longitude: last.longitude + meters / (METERS_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180)),
      speed,
    });
  }
  return fixes;
};

/** Steps a fixed interval apart. */
export const every = (seconds: number, speeds: number[]) => speeds.map((speed): [number, number] => [seconds, speed]);

/** Cruise at 20 m/s, brake to 6 m/s in 3 s (0.51, 0.51, 0.41 g) from the fix at 3 s, roll, pull away at 0.36 g from the fix at 8 s, cruise. */
export const CITY_STOP = every(1, [20, 20, 20, 20, 15, 10, 6, 6, 6, 9.5, 13, 13, 13]);
