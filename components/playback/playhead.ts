import type { HistoryPoint } from "@/lib/dashboard/data/types";

/** Where the vehicle was at `timeMs`: interpolated between the two points around it. */
export const positionAt = (points: readonly HistoryPoint[], timeMs: number) => {
  if (points.length === 0) return null;
  let low = 0;
  let high = points.length - 1;
  if (timeMs <= Date.parse(points[0].time)) return { ...points[0], index: 0 };
  if (timeMs >= Date.parse(points[high].time)) return { ...points[high], index: high };
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (Date.parse(points[middle].time) <= timeMs) low = middle;
    else high = middle;
  }
  const a = points[low];
  const b = points[high];
  const startMs = Date.parse(a.time);
  const share = (timeMs - startMs) / (Date.parse(b.time) - startMs || 1);
  return {
    time: new Date(timeMs).toISOString(),
    latitude: a.latitude + (b.latitude - a.latitude) * share,
    longitude: a.longitude + (b.longitude - a.longitude) * share,
    speed: a.speed + (b.speed - a.speed) * share,
    heading: a.heading,
    index: low,
  };
};

export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
/** At 1x one minute of the track plays per second; 20x plays 20 minutes a second. */
export const TRACK_MS_PER_SECOND_AT_1X = 60_000;
