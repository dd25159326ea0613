import { gridToLatLon } from "@/lib/platform/geo/chicago-grid";
import { createRandom, STREAMS } from "./random";
import type { StreetPath } from "./street-router";

/** A stretch of a drive at constant speed (0 while waiting at a light or turning). Times in ms. */
export type MotionPhase = { start: number; end: number; from: number; speed: number };

/**
 * How a truck covers a street path: each block at its own arterial speed (8–15 m/s), a short stop
 * at turns and now and then a red light. Pure given the seed, so it can be rebuilt at any time.
 */
export const buildPhases = ({ path, start, seed }: { path: StreetPath; start: number; seed: number }): MotionPhase[] => {
  const random = createRandom(seed, STREAMS.motion);
  const phases: MotionPhase[] = [];
  let time = start;
  const hold = (seconds: number, at: number) => {
    phases.push({ start: time, end: time + seconds * 1000, from: at, speed: 0 });
    time += seconds * 1000;
  };
  for (let i = 0; i + 1 < path.points.length; i++) {
    const length = path.cumulative[i + 1] - path.cumulative[i];
    const speed = Math.round(random.between(8, 15) * 10) / 10;
    const duration = Math.max(1000, Math.round((length / speed) * 1000));
    phases.push({ start: time, end: time + duration, from: path.cumulative[i], speed: length / (duration / 1000) });
    time += duration;
    if (i + 2 < path.points.length) {
      const [a, b, c] = [path.points[i], path.points[i + 1], path.points[i + 2]];
      const turns = (a.x === b.x) !== (b.x === c.x);
      if (random.chance(turns ? 0.45 : 0.25)) hold(Math.round(random.between(15, 50)), path.cumulative[i + 1]);
      else if (turns) hold(Math.round(random.between(3, 6)), path.cumulative[i + 1]);
    }
  }
  return phases;
};

export const phaseAt = (phases: MotionPhase[], time: number) => {
  let low = 0;
  let high = phases.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (phases[middle].start <= time) low = middle;
    else high = middle - 1;
  }
  return phases[low];
};

/** Meters along the path at `time`. */
export const distanceAt = (phases: MotionPhase[], time: number) => {
  const phase = phaseAt(phases, time);
  return phase.from + (phase.speed * Math.min(Math.max(0, time - phase.start), phase.end - phase.start)) / 1000;
};

/** Position and heading at `distance` meters along the path. */
export const pointAlong = (path: StreetPath, distance: number) => {
  let i = 0;
  while (i + 2 < path.points.length && path.cumulative[i + 1] <= distance) i++;
  const [a, b] = [path.points[i], path.points[i + 1] ?? path.points[i]];
  const span = path.cumulative[i + 1] - path.cumulative[i] || 1;
  const share = Math.min(1, Math.max(0, (distance - path.cumulative[i]) / span));
  const point = gridToLatLon({ x: a.x + (b.x - a.x) * share, y: a.y + (b.y - a.y) * share });
  // Grid x grows westward, so east is -dx.
  const heading = (Math.round((Math.atan2(-(b.x - a.x), b.y - a.y) * 180) / Math.PI) + 360) % 360;
  return { ...point, heading };
};
