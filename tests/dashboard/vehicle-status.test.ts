import { describe, expect, it } from "vitest";
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
