import { describe, expect, it } from "vitest";
import { buildDailyLogs, findHosViolations } from "@/lib/hos/rules";
import { dur, repeat, seq } from "./log-builder";

const hoursOf = (ms: number) => ms / 3_600_000;

describe("daily logs across DST changes in America/Chicago", () => {
  it.each([
    {
      name: "spring forward, 2026-03-08: a 23-hour day",
      date: "2026-03-08",
      start: "2026-03-08T06:00:00.000Z",
      end: "2026-03-09T05:00:00.000Z",
      offDutyHours: 21,
    },
    { name: "fall back, 2026-11-01: a 25-hour day", date: "2026-11-01", start: "2026-11-01T05:00:00.000Z", end: "2026-11-02T06:00:00.000Z", offDutyHours: 23 },
  ])("$name", ({ date, start, end, offDutyHours }) => {
    const { log } = seq(`${date}T12:00:00Z`, ["driving", "2h"], ["offDuty", "1h"]);
    const [day] = buildDailyLogs({ log, ruleset: "us70_8", timezone: "America/Chicago", from: new Date(start), to: new Date(end) });
    expect(day.date).toBe(date);
    expect(day.startTime.toISOString()).toBe(start);
    expect(day.endTime.toISOString()).toBe(end);
    expect(hoursOf(day.durationsMs.driving)).toBe(2);
    expect(hoursOf(day.durationsMs.offDuty)).toBe(offDutyHours);
  });

  it("lists each day once around the spring change, each starting at local midnight", () => {
    const days = buildDailyLogs({
      log: [],
      ruleset: "us70_8",
      timezone: "America/Chicago",
      from: new Date("2026-03-07T12:00:00Z"),
      to: new Date("2026-03-10T12:00:00Z"),
    });
    expect(days.map(({ date, startTime }) => [date, startTime.toISOString()])).toEqual([
      ["2026-03-07", "2026-03-07T06:00:00.000Z"],
      ["2026-03-08", "2026-03-08T06:00:00.000Z"],
      ["2026-03-09", "2026-03-09T05:00:00.000Z"],
      ["2026-03-10", "2026-03-10T05:00:00.000Z"],
    ]);
    expect(days.map(({ durationsMs }) => hoursOf(durationsMs.offDuty))).toEqual([24, 23, 24, 7]);
  });
});

describe("daily log contents", () => {
  it("starts the day at the configured hour", () => {
    const { log } = seq("2026-01-05T11:00:00Z", ["onDuty", "2h"], ["offDuty", "1h"]);
    const days = buildDailyLogs({
      log,
      ruleset: "us70_8",
      timezone: "America/Chicago",
      dayStartHour: 6,
      from: new Date("2026-01-05T06:00:00Z"),
      to: new Date("2026-01-06T12:00:00Z"),
    });
    expect(days.map(({ date, startTime, onDutyMs }) => [date, startTime.toISOString(), hoursOf(onDutyMs)])).toEqual([
      ["2026-01-04", "2026-01-04T12:00:00.000Z", 1],
      ["2026-01-05", "2026-01-05T12:00:00.000Z", 1],
    ]);
  });

  it("lists vehicles and prorates distance of a drive across midnight", () => {
    const { log } = seq(
      "2026-01-05T20:00:00Z",
      ["onDuty", "1h", { vehicleId: "truck-2" }],
      ["driving", "4h", { vehicleId: "truck-1", distanceMeters: 400_000 }],
      ["yardMove", "30m", { vehicleId: "truck-3", distanceMeters: 1_000 }],
      ["offDuty", "10h"],
    );
    const days = buildDailyLogs({ log, ruleset: "us70_8", from: new Date("2026-01-05T00:00:00Z"), to: new Date("2026-01-07T00:00:00Z") });
    expect(days.map(({ date, vehicleIds, distanceMeters }) => [date, vehicleIds, distanceMeters])).toEqual([
      ["2026-01-05", ["truck-2", "truck-1"], 300_000],
      ["2026-01-06", ["truck-1", "truck-3"], 100_000],
    ]);
    expect(days.map(({ durationsMs }) => durationsMs)).toEqual([
      { offDuty: dur("20h"), sleeperBed: 0, driving: dur("3h"), onDuty: dur("1h"), yardMove: 0, personalConveyance: 0 },
      { offDuty: dur("22h30m"), sleeperBed: 0, driving: dur("1h"), onDuty: 0, yardMove: dur("30m"), personalConveyance: 0 },
    ]);
    expect(days.map(({ onDutyMs }) => hoursOf(onDutyMs))).toEqual([4, 1.5]);
  });

  it("reports no distance when no entry carries one", () => {
    const { log, start, end } = seq("2026-01-05T06:00:00Z", ["driving", "2h"]);
    expect(buildDailyLogs({ log, ruleset: "us70_8", from: start, to: end })[0].distanceMeters).toBeNull();
  });

  it("recaps the 60/7 cycle: on-duty hours per day and hours available tomorrow", () => {
    const { log } = seq("2026-01-05T06:00:00Z", ...repeat(3, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]));
    const days = buildDailyLogs({ log, ruleset: "us60_7", from: new Date("2026-01-07T00:00:00Z"), to: new Date("2026-01-08T00:00:00Z") });
    expect(days).toHaveLength(1);
    const { recap } = days[0];
    expect(recap.cycleDays.map(({ date, onDutyMs }) => [date, hoursOf(onDutyMs)])).toEqual([
      ["2026-01-01", 0],
      ["2026-01-02", 0],
      ["2026-01-03", 0],
      ["2026-01-04", 0],
      ["2026-01-05", 10],
      ["2026-01-06", 10],
      ["2026-01-07", 10],
    ]);
    expect(hoursOf(recap.cycleUsedMs)).toBe(30);
    expect(hoursOf(recap.availableTomorrowMs)).toBe(30);
  });

  it("clears the recap once a 34-hour restart completes (here on its third day)", () => {
    const { log } = seq("2026-01-05T06:00:00Z", ["onDuty", "10h"], ["offDuty", "40h"], ["onDuty", "3h"], ["offDuty", "13h"]);
    const days = buildDailyLogs({ log, ruleset: "us70_8", from: new Date("2026-01-05T00:00:00Z"), to: new Date("2026-01-08T00:00:00Z") });
    expect(days.map(({ recap }) => [hoursOf(recap.cycleUsedMs), hoursOf(recap.availableTomorrowMs)])).toEqual([
      [10, 60],
      [10, 60],
      [3, 67],
    ]);
    expect(days[2].recap.cycleDays.map(({ onDutyMs }) => hoursOf(onDutyMs))).toEqual([0, 0, 0, 0, 0, 0, 0, 3]);
  });
});

describe("violation search window", () => {
  const { log } = seq("2026-01-05T06:00:00Z", ["driving", "9h"], ["offDuty", "10h"], ["driving", "9h"], ["offDuty", "10h"]);

  it("keeps violations overlapping [from, to) and stamps the driver", () => {
    const violations = findHosViolations({
      log,
      ruleset: "us70_8",
      from: new Date("2026-01-06T00:00:00Z"),
      to: new Date("2026-01-06T23:00:00Z"),
      driverId: "driver-7",
    });
    expect(violations).toEqual([{ type: "restbreakMissed", startTime: new Date("2026-01-06T09:00:00Z"), durationMs: dur("1h"), driverId: "driver-7" }]);
  });

  it("judges what is known at `to`: a violation still in progress is cut at `to`", () => {
    const violations = findHosViolations({ log, ruleset: "us70_8", from: new Date("2026-01-05T06:00:00Z"), to: new Date("2026-01-05T14:30:00Z") });
    expect(violations).toEqual([{ type: "restbreakMissed", startTime: new Date("2026-01-05T14:00:00Z"), durationMs: dur("30m") }]);
  });
});
