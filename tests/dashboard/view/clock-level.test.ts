import { describe, expect, it } from "vitest";
import { formatDuration, getClockFraction, getClockLevel } from "@/lib/dashboard/view/clock-level";

const HOUR = 3_600_000;

describe("clock bars", () => {
  it("turn amber under one hour left and red at zero", () => {
    expect(getClockLevel(11 * HOUR)).toBe("ok");
    expect(getClockLevel(HOUR)).toBe("ok");
    expect(getClockLevel(HOUR - 1)).toBe("warning");
    expect(getClockLevel(60_000)).toBe("warning");
    expect(getClockLevel(0)).toBe("exhausted");
  });

  it("fill the share of the limit left, clamped to the bar", () => {
    expect(getClockFraction(5.5 * HOUR, 11 * HOUR)).toBe(0.5);
    expect(getClockFraction(13 * HOUR, 11 * HOUR)).toBe(1);
    expect(getClockFraction(-5, 11 * HOUR)).toBe(0);
  });

  it("show hours and zero-padded minutes", () => {
    expect(formatDuration(7 * HOUR + 5 * 60_000 + 59_000)).toBe("7h 05m");
    expect(formatDuration(45 * 60_000)).toBe("45m");
    expect(formatDuration(-1)).toBe("0m");
  });
});
