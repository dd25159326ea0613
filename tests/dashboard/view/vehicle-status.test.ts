import { describe, expect, it } from "vitest";
import { classifyVehicleStatus, OFFLINE_AFTER_MS, STATUS_COLORS, statusLabel } from "@/lib/dashboard/view/vehicle-status";

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

describe("statusLabel", () => {
  it("names a vehicle nothing was ever heard from 'Never reported', one silent for a while 'Offline'", () => {
    expect(statusLabel("offline", null)).toBe("Never reported");
    expect(statusLabel("offline", NOW - OFFLINE_AFTER_MS - 1)).toBe("Offline");
    expect(statusLabel("moving", NOW)).toBe("Moving");
  });
});

describe("STATUS_COLORS", () => {
  /** WCAG 2 relative luminance of a #rrggbb colour. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };

  // The pill's status is whatever the simulator's vehicle is doing when a page is opened: every status must read.
  it.each(Object.entries(STATUS_COLORS))("%s (%s) keeps white text at 4.5:1 or more", (_, color) => {
    expect((1 + 0.05) / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
