import { describe, expect, it } from "vitest";
import { checkRange, presetRange } from "@/lib/dashboard/time-range-presets";

describe("time-range presets", () => {
  it("builds presets and refuses ranges over 35 days or backwards", () => {
    const now = new Date(2026, 10, 21, 15, 30);
    expect(presetRange("today", now)).toEqual({ from: new Date(2026, 10, 21).toISOString(), to: now.toISOString() });
    expect(presetRange("yesterday", now)).toEqual({ from: new Date(2026, 10, 20).toISOString(), to: new Date(2026, 10, 21).toISOString() });
    expect(checkRange({ from: "2026-01-01T00:00:00Z", to: "2026-02-06T00:00:00Z" })).toMatch(/35 days/);
    expect(checkRange({ from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" })).toMatch(/after/);
    expect(checkRange({ from: "2026-01-01T00:00:00Z", to: "2026-02-05T00:00:00Z" })).toBeNull();
  });
});
