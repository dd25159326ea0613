import { describe, expect, it } from "vitest";
import { getClockLimitMs, isOutOfTime, parseHosSort, sortHosBoard } from "@/lib/dashboard/view/hos-board";
import type { HosClocks } from "@/lib/hos/rules";

const HOUR = 3_600_000;
const clocks = (drive: number, cycle: number): HosClocks => ({
  currentStatus: "offDuty",
  currentStatusStartedAt: null,
  driveRemainingMs: drive * HOUR,
  shiftRemainingMs: 14 * HOUR,
  timeUntilBreakMs: 8 * HOUR,
  cycleRemainingMs: cycle * HOUR,
  cycleStartedAt: null,
  cycleTomorrowMs: 70 * HOUR,
});

describe("HOS board", () => {
  const rows = [
    { name: "Cara", clocks: clocks(5, 10) },
    { name: "Abe", clocks: clocks(0.5, 40) },
    { name: "Bo", clocks: clocks(5, 2) },
  ];

  it("puts the least drive time left first, ties by name", () => {
    expect(sortHosBoard(rows, "drive").map((r) => r.name)).toEqual(["Abe", "Bo", "Cara"]);
  });

  it("sorts by any clock or by name", () => {
    expect(sortHosBoard(rows, "cycle").map((r) => r.name)).toEqual(["Bo", "Cara", "Abe"]);
    expect(sortHosBoard(rows, "name").map((r) => r.name)).toEqual(["Abe", "Bo", "Cara"]);
  });

  it("defaults an unknown sort to drive and sizes bars by the rule's limit", () => {
    expect(parseHosSort("bogus")).toBe("drive");
    expect(parseHosSort("cycle")).toBe("cycle");
    expect(getClockLimitMs("cycle", "us60_7")).toBe(60 * HOUR);
    expect(getClockLimitMs("cycle", "us70_8")).toBe(70 * HOUR);
    expect(getClockLimitMs("drive", "us70_8")).toBe(11 * HOUR);
  });

  it("counts a driver at 0 drive, shift or cycle time as out of time, not one with only a break due", () => {
    expect(isOutOfTime(clocks(5, 10))).toBe(false);
    expect(isOutOfTime(clocks(0, 10))).toBe(true);
    expect(isOutOfTime(clocks(5, 0))).toBe(true);
    expect(isOutOfTime({ ...clocks(5, 10), shiftRemainingMs: 0 })).toBe(true);
    expect(isOutOfTime({ ...clocks(5, 10), timeUntilBreakMs: 0 })).toBe(false);
  });
});
