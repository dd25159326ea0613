import { describe, expect, it } from "vitest";
import { checkRange, presetRange } from "@/lib/dashboard/view/time-range-presets";

describe("time-range presets", () => {
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
