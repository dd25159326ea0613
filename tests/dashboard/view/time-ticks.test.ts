import { describe, expect, it } from "vitest";
import { timeTickLabel, timeTicks } from "@/lib/dashboard/view/time-ticks";

const iso = (ms: number) => new Date(ms).toISOString();

describe("time axis ticks", () => {
  it("fall on round wall-clock times in the company's zone, never at the range's odd edges", () => {
    const from = Date.parse("2026-11-21T14:07:13Z");
    const to = Date.parse("2026-11-21T16:52:40Z");
    expect(timeTicks({ from, to, timeZone: "UTC" }).map(iso)).toEqual([
      "2026-11-21T14:30:00.000Z",
      "2026-11-21T15:00:00.000Z",
      "2026-11-21T15:30:00.000Z",
      "2026-11-21T16:00:00.000Z",
      "2026-11-21T16:30:00.000Z",
    ]);
    // Kolkata is 5:30 ahead: round local hours are half past in UTC.
    expect(timeTicks({ from, to, timeZone: "Asia/Kolkata", maxTicks: 3 }).map(iso)).toEqual([
      "2026-11-21T14:30:00.000Z",
      "2026-11-21T15:30:00.000Z",
      "2026-11-21T16:30:00.000Z",
    ]);
  });

  it("put multi-day spans on local midnights and label them by day", () => {
    const from = Date.parse("2026-11-17T15:00:00Z");
    const to = Date.parse("2026-11-24T15:00:00Z");
    const ticks = timeTicks({ from, to, timeZone: "America/Chicago", maxTicks: 7 });
    expect(ticks.map(iso)).toEqual(
      ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"].map((day) => `${day}T06:00:00.000Z`),
    );
    expect(timeTickLabel({ spanMs: to - from, timeZone: "America/Chicago" })(ticks[3])).toBe("Sat, Nov 21");
    expect(timeTickLabel({ spanMs: 3_600_000, timeZone: "America/Chicago" })(ticks[3])).toBe("00:00");
  });
});
