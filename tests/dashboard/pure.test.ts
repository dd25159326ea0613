import { describe, expect, it } from "vitest";
import { buildCsv, csvFileName } from "@/lib/dashboard/stats-csv";
import { checkRange, presetRange } from "@/lib/dashboard/time-range-presets";
import { summarizeTrip, type TrackPoint } from "@/lib/dashboard/trip-summary";
import { convertSpeed, formatSpeed } from "@/lib/dashboard/units";
import { classifyVehicleStatus, OFFLINE_AFTER_MS } from "@/lib/dashboard/vehicle-status";

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("classifyVehicleStatus", () => {
  const at = (overrides: Partial<Parameters<typeof classifyVehicleStatus>[0]>) =>
    classifyVehicleStatus({ speed: 0, engineState: "Off", lastReportMs: NOW - 10_000, nowMs: NOW, ...overrides });

  it("is moving above 1 m/s when recent, whatever the engine state says", () => {
    expect(at({ speed: 12, engineState: "On" })).toBe("moving");
    expect(at({ speed: 1.01, engineState: null })).toBe("moving");
  });
  it("is idle when stopped with the engine on or idling", () => {
    expect(at({ speed: 0.4, engineState: "On" })).toBe("idle");
    expect(at({ speed: 1, engineState: "Idle" })).toBe("idle");
  });
  it("is stopped with the engine off or unknown", () => {
    expect(at({ speed: 0, engineState: "Off" })).toBe("stopped");
    expect(at({ speed: null, engineState: undefined })).toBe("stopped");
  });
  it("is offline after 15 minutes without a report, or with none at all", () => {
    expect(at({ speed: 20, engineState: "On", lastReportMs: NOW - OFFLINE_AFTER_MS - 1 })).toBe("offline");
    expect(at({ lastReportMs: NOW - OFFLINE_AFTER_MS })).toBe("stopped");
    expect(at({ lastReportMs: null })).toBe("offline");
  });
});

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

describe("CSV", () => {
  it("writes a header and rows, quoting only cells that need it", () => {
    const csv = buildCsv(
      [
        { header: "time", value: (row: { t: string; v: number | null; note: string }) => row.t },
        { header: "fuel (%)", value: (row) => row.v },
        { header: "note", value: (row) => row.note },
      ],
      [
        { t: "2026-11-21T08:00:00Z", v: 55.5, note: "a, b" },
        { t: "2026-11-21T08:05:00Z", v: null, note: 'say "hi"' },
      ],
    );
    expect(csv).toBe('time,fuel (%),note\r\n2026-11-21T08:00:00Z,55.5,"a, b"\r\n2026-11-21T08:05:00Z,,"say ""hi"""\r\n');
  });
  it("names the file after the vehicle and range", () => {
    expect(csvFileName({ vehicleName: "DEMO-001", from: "2026-11-20T08:00:00.000Z", to: "2026-11-21T08:00:00.000Z" })).toBe(
      "DEMO-001-stats-2026-11-20T08-00-2026-11-21T08-00.csv",
    );
  });
});

describe("units and ranges", () => {
  it("converts m/s to km/h and mph", () => {
    expect(convertSpeed(10, "kmh")).toBeCloseTo(36);
    expect(convertSpeed(10, "mph")).toBeCloseTo(22.37, 2);
    expect(formatSpeed(null, "mph")).toBe("—");
  });
  it("builds presets and refuses ranges over 35 days or backwards", () => {
    // 03:30 UTC on the 21st is still the 20th in Chicago (CST, UTC-6).
    const now = new Date("2026-11-21T03:30:00Z");
    expect(presetRange("today", now, "America/Chicago")).toEqual({ from: "2026-11-20T06:00:00.000Z", to: now.toISOString() });
    expect(presetRange("yesterday", now, "America/Chicago")).toEqual({ from: "2026-11-19T06:00:00.000Z", to: "2026-11-20T06:00:00.000Z" });
    expect(presetRange("last24", now, "America/Chicago")).toEqual({ from: "2026-11-20T03:30:00.000Z", to: now.toISOString() });
    expect(presetRange("today", now, "UTC").from).toBe("2026-11-21T00:00:00.000Z");
    expect(checkRange({ from: "2026-01-01T00:00:00Z", to: "2026-02-06T00:00:00Z" })).toMatch(/35 days/);
    expect(checkRange({ from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" })).toMatch(/after/);
    expect(checkRange({ from: "2026-01-01T00:00:00Z", to: "2026-02-05T00:00:00Z" })).toBeNull();
  });
});
