import { distanceMeters as greatCircleMeters } from "@/lib/platform/geo/distance";
import { MOVING_SPEED_MPS } from "./vehicle-status";

/** One breadcrumb of a location history (the API's shape: RFC 3339 time, speed in m/s). */
export type TrackPoint = { time: string; latitude: number; longitude: number; speed: number; heading?: number | null };

export type Stop = {
  startTime: string;
  endTime: string;
  durationMs: number;
  latitude: number;
  longitude: number;
  /** Index of the stop's first point in the track. */
  index: number;
};

export type TripSummary = {
  distanceMeters: number;
  drivingMs: number;
  stoppedMs: number;
  /** m/s */
  maxSpeed: number;
  /** Distance over driving time, m/s; 0 when the vehicle never moved. */
  averageSpeed: number;
  stops: Stop[];
};

/** A run of slow points must last this long to count as a stop. */
export const MIN_STOP_MS = 3 * 60 * 1000;
const isSlow = (point: TrackPoint) => point.speed < MOVING_SPEED_MPS;

/**
 * Everything the playback screen reports about a track, in one pass. The interval between two
 * consecutive points is stopped time when both are slow (< 1 m/s) and driving time otherwise; a
 * stop is a run of consecutive slow points lasting at least 3 minutes (first to last point).
 * Points must be in time order.
 */
export const summarizeTrip = (points: readonly TrackPoint[]): TripSummary => {
  let distanceMeters = 0;
  let drivingMs = 0;
  let stoppedMs = 0;
  let maxSpeed = 0;
  const stops: Stop[] = [];
  let runStart = -1;
  const closeRun = (lastIndex: number) => {
    if (runStart < 0) return;
    const first = points[runStart];
    const durationMs = Date.parse(points[lastIndex].time) - Date.parse(first.time);
    if (durationMs >= MIN_STOP_MS) {
      stops.push({ startTime: first.time, endTime: points[lastIndex].time, durationMs, latitude: first.latitude, longitude: first.longitude, index: runStart });
    }
    runStart = -1;
  };
  points.forEach((point, index) => {
    maxSpeed = Math.max(maxSpeed, point.speed);
    if (isSlow(point)) {
      if (runStart < 0) runStart = index;
    } else closeRun(index - 1);
    if (index === 0) return;
    const previous = points[index - 1];
    distanceMeters += greatCircleMeters(previous, point);
    const intervalMs = Math.max(0, Date.parse(point.time) - Date.parse(previous.time));
    if (isSlow(previous) && isSlow(point)) stoppedMs += intervalMs;
    else drivingMs += intervalMs;
  });
  closeRun(points.length - 1);
  return { distanceMeters, drivingMs, stoppedMs, maxSpeed, averageSpeed: drivingMs > 0 ? distanceMeters / (drivingMs / 1000) : 0, stops };
};
