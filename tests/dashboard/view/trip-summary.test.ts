import { describe, expect, it } from "vitest";
import { summarizeTrip, type TrackPoint } from "@/lib/dashboard/view/trip-summary";

// A straight road north from Chicago's Loop: 0.001° of latitude ≈ 111.2 m.
const track = (speeds: number[], stepSeconds = 60): TrackPoint[] =>
  speeds.map((speed, i) => ({
    time: new Date(Date.parse("2026-11-21T08:00:00Z") + i * stepSeconds * 1000).toISOString(),
    latitude: 41.88 + (speed > 0 ? i * 0.001 : 0),
    longitude: -87.63,
    speed,
  }));

describe("summarizeTrip", () => {
  it("returns zeros for an empty or single-point track", () => {
    expect(summarizeTrip([])).toEqual({ distanceMeters: 0, drivingMs: 0, stoppedMs: 0, maxSpeed: 0, averageSpeed: 0, stops: [] });
    expect(summarizeTrip(track([5])).distanceMeters).toBe(0);
  });

  it("adds up distance, driving time, max and average speed", () => {
    const points = track([10, 12, 14, 8]);
    const summary = summarizeTrip(points);
    expect(summary.distanceMeters).toBeCloseTo(3 * 111.19, 0);
    expect(summary.drivingMs).toBe(3 * 60_000);
    expect(summary.stoppedMs).toBe(0);
    expect(summary.maxSpeed).toBe(14);
    expect(summary.averageSpeed).toBeCloseTo(summary.distanceMeters / 180, 6);
    expect(summary.stops).toEqual([]);
  });

  it("finds a stop of slow points lasting at least 3 minutes, with its duration and place", () => {
    const points = track([10, 0, 0.5, 0, 0, 10, 10]);
    const summary = summarizeTrip(points);
    expect(summary.stops).toHaveLength(1);
    expect(summary.stops[0]).toMatchObject({ index: 1, durationMs: 3 * 60_000, startTime: points[1].time, endTime: points[4].time });
    expect(summary.stoppedMs).toBe(3 * 60_000);
    expect(summary.drivingMs).toBe(3 * 60_000);
  });

  it("ignores a slow run shorter than 3 minutes but still counts it as stopped time", () => {
    const summary = summarizeTrip(track([10, 0, 0, 0, 10]));
    expect(summary.stops).toEqual([]);
    expect(summary.stoppedMs).toBe(2 * 60_000);
  });

  it("closes a stop that runs to the end of the track, and finds several", () => {
    const summary = summarizeTrip(track([0, 0, 0, 0, 10, 10, 0, 0, 0, 0, 0]));
    expect(summary.stops.map((stop) => stop.durationMs)).toEqual([3 * 60_000, 4 * 60_000]);
  });
});
