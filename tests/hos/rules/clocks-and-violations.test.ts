import { describe, expect, it } from "vitest";
import { repeat, seq } from "./log-builder";
import { T0, describeScenarios, type Scenario } from "./scenarios";

const scenarios: Scenario[] = [
  {
    name: "empty log: everything available, off duty since unknown",
    log: seq(T0),
    clocks: [
      {
        at: "0m",
        drive: "11h",
        shift: "14h",
        untilBreak: "8h",
        cycle: "70h",
        cycleTomorrow: "70h",
        status: "offDuty",
        statusSince: null,
        cycleStartedAt: null,
      },
    ],
    violations: [],
  },
  {
    name: "fresh shift: on duty then driving",
    log: seq(T0, ["onDuty", "1h"], ["driving", "5h"]),
    clocks: [{ at: "end", drive: "6h", shift: "8h", untilBreak: "3h", cycle: "64h", cycleTomorrow: "64h", status: "driving", statusSince: "1h" }],
    violations: [],
  },
  {
    name: "log starting mid-shift: earlier time is off duty",
    log: seq(T0, ["driving", "3h"]),
    clocks: [{ at: "end", drive: "8h", shift: "11h", untilBreak: "5h", statusSince: "0m", cycleStartedAt: "0m" }],
    violations: [],
  },
  {
    name: "log starting off duty: the shift starts at the first on-duty entry",
    log: seq(T0, ["offDuty", "2h"], ["onDuty", "1h"]),
    clocks: [{ at: "end", drive: "11h", shift: "13h", cycleStartedAt: "2h" }],
    violations: [],
  },
  {
    name: "consecutive entries of one status share its start",
    log: seq(T0, ["driving", "2h", { vehicleId: "a" }], ["driving", "3h", { vehicleId: "b" }]),
    clocks: [{ at: "end", status: "driving", statusSince: "0m", drive: "6h" }],
    violations: [],
  },
  {
    name: "11 hours of driving reached exactly: no violation",
    log: seq(T0, ["driving", "8h"], ["offDuty", "30m"], ["driving", "3h"], ["offDuty", "1h"]),
    clocks: [
      { at: "11h30m", drive: "0m", shift: "2h30m", untilBreak: "5h" },
      { at: "end", drive: "0m", shift: "1h30m", status: "offDuty", statusSince: "11h30m" },
    ],
    violations: [],
  },
  {
    name: "driving past 11 hours",
    log: seq(T0, ["driving", "8h"], ["offDuty", "30m"], ["driving", "4h"]),
    clocks: [{ at: "end", drive: "0m", shift: "1h30m" }],
    violations: [["shiftDrivingHours", "2026-01-05T17:30:00.000Z", "1h"]],
  },
  {
    name: "over 11 hours stays one violation across a short stop",
    log: seq(T0, ["driving", "8h"], ["offDuty", "30m"], ["driving", "3h30m"], ["onDuty", "15m"], ["driving", "15m"]),
    clocks: [{ at: "end", drive: "0m" }],
    violations: [["shiftDrivingHours", "2026-01-05T17:30:00.000Z", "45m"]],
  },
  {
    name: "14-hour window reached exactly: no violation",
    log: seq(T0, ["onDuty", "4h"], ["driving", "2h"], ["offDuty", "30m"], ["driving", "7h30m"]),
    clocks: [{ at: "end", shift: "0m", drive: "1h30m", untilBreak: "30m" }],
    violations: [],
  },
  {
    name: "driving one minute past the 14-hour window",
    log: seq(T0, ["onDuty", "4h"], ["driving", "2h"], ["offDuty", "30m"], ["driving", "7h31m"]),
    clocks: [{ at: "end", shift: "0m", drive: "1h29m" }],
    violations: [["shiftHours", "2026-01-05T20:00:00.000Z", "1m"]],
  },
  {
    name: "off-duty time inside the shift does not extend the window",
    log: seq(T0, ["onDuty", "6h"], ["offDuty", "1h"], ["driving", "8h"]),
    clocks: [
      { at: "7h", shift: "7h", drive: "11h" },
      { at: "end", shift: "0m", drive: "3h", untilBreak: "0m" },
    ],
    violations: [["shiftHours", "2026-01-05T20:00:00.000Z", "1h"]],
  },
  {
    name: "a 5-hour off-duty period without a sleeper partner still counts in the window",
    log: seq(T0, ["onDuty", "2h"], ["offDuty", "5h"], ["driving", "7h"]),
    clocks: [{ at: "end", shift: "0m", drive: "4h" }],
    violations: [],
  },
  {
    name: "30-minute break due after 8 hours of driving",
    log: seq(T0, ["driving", "8h"], ["driving", "1h"]),
    clocks: [
      { at: "8h", untilBreak: "0m", drive: "3h" },
      { at: "end", untilBreak: "0m", drive: "2h" },
    ],
    violations: [["restbreakMissed", "2026-01-05T14:00:00.000Z", "1h"]],
  },
  {
    name: "30 minutes on duty satisfy the break",
    log: seq(T0, ["driving", "6h"], ["onDuty", "30m"], ["driving", "3h"]),
    clocks: [{ at: "end", untilBreak: "5h", drive: "2h", shift: "4h30m" }],
    violations: [],
  },
  {
    name: "on duty then off duty, 30 consecutive minutes together, satisfy the break",
    log: seq(T0, ["driving", "6h"], ["onDuty", "15m"], ["offDuty", "15m"], ["driving", "3h"]),
    clocks: [{ at: "end", untilBreak: "5h" }],
    violations: [],
  },
  {
    name: "a 29-minute stop is no break",
    log: seq(T0, ["driving", "7h"], ["offDuty", "29m"], ["driving", "2h"]),
    clocks: [{ at: "end", untilBreak: "0m", drive: "2h", shift: "4h31m" }],
    violations: [["restbreakMissed", "2026-01-05T14:29:00.000Z", "1h"]],
  },
  {
    name: "yard move is on duty not driving: it counts in the window and the cycle and breaks the driving",
    log: seq(T0, ["driving", "7h"], ["yardMove", "30m"], ["driving", "1h"]),
    clocks: [{ at: "end", untilBreak: "7h", drive: "3h", shift: "5h30m", cycle: "61h30m" }],
    violations: [],
  },
  {
    name: "personal conveyance is off duty: a break, but in the window",
    log: seq(T0, ["driving", "7h"], ["personalConveyance", "30m"], ["driving", "2h"]),
    clocks: [{ at: "end", untilBreak: "6h", drive: "2h", shift: "4h30m", cycle: "61h" }],
    violations: [],
  },
  {
    name: "10 consecutive hours off duty reset the shift",
    log: seq(T0, ["driving", "7h"], ["offDuty", "30m"], ["driving", "3h"], ["offDuty", "10h"], ["driving", "2h"]),
    clocks: [
      { at: "20h30m", drive: "11h", shift: "14h", untilBreak: "8h", status: "offDuty", statusSince: "10h30m" },
      { at: "end", drive: "9h", shift: "12h", untilBreak: "6h" },
    ],
    violations: [],
  },
  {
    name: "9 h 59 min off is no reset",
    log: seq(T0, ["driving", "6h"], ["offDuty", "9h59m"], ["driving", "1h"]),
    clocks: [{ at: "end", drive: "4h", shift: "0m" }],
    violations: [["shiftHours", "2026-01-05T21:59:00.000Z", "1h"]],
  },
  {
    name: "off duty, sleeper berth and personal conveyance combine into a 10-hour reset",
    log: seq(T0, ["driving", "5h"], ["offDuty", "3h"], ["sleeperBed", "4h"], ["personalConveyance", "3h"], ["driving", "1h"]),
    clocks: [{ at: "end", drive: "10h", shift: "13h", untilBreak: "7h" }],
    violations: [],
  },
  {
    name: "FMCSA 8/2 split: 7 h drive, 8 h berth, 4 h drive, 2 h off",
    log: seq(T0, ["driving", "7h"], ["sleeperBed", "8h"], ["driving", "4h"], ["offDuty", "2h"]),
    clocks: [
      { at: "15h", drive: "4h", shift: "7h", untilBreak: "8h" },
      { at: "19h", drive: "0m", shift: "3h", untilBreak: "4h" },
      { at: "end", drive: "7h", shift: "10h", untilBreak: "8h" },
    ],
    violations: [],
  },
  {
    name: "FMCSA 8/2 split, then driving the recomputed 7 hours",
    log: seq(T0, ["driving", "7h"], ["sleeperBed", "8h"], ["driving", "4h"], ["offDuty", "2h"], ["driving", "7h"]),
    clocks: [{ at: "end", drive: "0m", shift: "3h", untilBreak: "1h" }],
    violations: [],
  },
  {
    // FMCSA driver's guide example, under the 2020 rule (the 2-hour period is left out of the window too).
    name: "FMCSA guide: 3 h on, 4 h drive, 8 h berth, 7 h drive to the limits, 2 h off",
    log: seq("2026-01-05T07:00:00Z", ["onDuty", "3h"], ["driving", "4h"], ["sleeperBed", "8h"], ["driving", "7h"], ["offDuty", "2h"]),
    clocks: [
      { at: "15h", drive: "7h", shift: "7h", untilBreak: "8h" },
      { at: "22h", drive: "0m", shift: "0m", untilBreak: "1h" },
      { at: "end", drive: "4h", shift: "7h", untilBreak: "8h" },
    ],
    violations: [],
  },
  {
    // J. J. Keller's worked example: 3 h off first, 7 h 30 min berth later; compliance counted from 11:00.
    name: "3 h off first, then a 7 h 30 min berth: 7 h 30 min of window used after the first period",
    log: seq(
      "2026-01-05T01:00:00Z",
      ["onDuty", "30m"],
      ["driving", "6h"],
      ["onDuty", "30m"],
      ["offDuty", "3h"],
      ["driving", "5h"],
      ["onDuty", "2h30m"],
      ["sleeperBed", "7h30m"],
    ),
    clocks: [
      { at: "15h", drive: "0m", shift: "0m" },
      { at: "end", drive: "6h", shift: "6h30m" },
    ],
    violations: [],
  },
  {
    name: "7/3 split: 6 h drive, 7 h berth, 5 h drive, 3 h off",
    log: seq(T0, ["driving", "6h"], ["sleeperBed", "7h"], ["driving", "5h"], ["offDuty", "3h"]),
    clocks: [
      { at: "18h", drive: "0m", shift: "3h" },
      { at: "end", drive: "6h", shift: "9h" },
    ],
    violations: [],
  },
  {
    name: "short period first: 2 h off, then 8 h berth recomputes from the end of the 2 h",
    log: seq(T0, ["driving", "5h"], ["offDuty", "2h"], ["driving", "6h"], ["sleeperBed", "8h"]),
    clocks: [
      { at: "13h", drive: "0m", shift: "1h" },
      { at: "end", drive: "5h", shift: "8h" },
    ],
    violations: [],
  },
  {
    name: "short period first: driving in the 15th hour is legal once the berth period pairs",
    log: seq(T0, ["onDuty", "3h"], ["driving", "5h"], ["offDuty", "2h"], ["driving", "5h"], ["sleeperBed", "8h"]),
    clocks: [
      { at: "15h", shift: "0m", drive: "1h" },
      { at: "end", drive: "6h", shift: "9h" },
    ],
    violations: [],
  },
  {
    name: "chained split pairs: the 2 h period pairs with the berth before and after it",
    log: seq(T0, ["driving", "5h"], ["sleeperBed", "8h"], ["driving", "3h"], ["offDuty", "2h"], ["driving", "4h"], ["sleeperBed", "8h"]),
    clocks: [
      { at: "18h", drive: "8h", shift: "11h" },
      { at: "end", drive: "7h", shift: "10h" },
    ],
    violations: [],
  },
  {
    name: "a non-qualifying stop between split periods counts in the window",
    log: seq(T0, ["driving", "4h"], ["sleeperBed", "8h"], ["driving", "2h"], ["offDuty", "1h"], ["driving", "2h"], ["offDuty", "2h"]),
    clocks: [{ at: "end", drive: "7h", shift: "9h" }],
    violations: [],
  },
  {
    name: "berth period awaiting its partner is kept out of the window",
    log: seq(T0, ["driving", "7h"], ["sleeperBed", "8h"], ["driving", "2h"]),
    clocks: [{ at: "end", drive: "2h", shift: "5h", untilBreak: "6h" }],
    violations: [],
  },
  {
    name: "driving 12 hours around a berth period before its partner",
    log: seq(T0, ["driving", "7h"], ["sleeperBed", "8h"], ["driving", "5h"]),
    clocks: [{ at: "end", drive: "0m", shift: "2h" }],
    violations: [["shiftDrivingHours", "2026-01-06T01:00:00.000Z", "1h"]],
  },
  {
    name: "7 h berth + 2 h off is no pair: once known, the berth counts in the window",
    log: seq(T0, ["driving", "6h"], ["sleeperBed", "7h"], ["driving", "4h"], ["offDuty", "2h"], ["driving", "1h"]),
    clocks: [
      { at: "19h", drive: "1h", shift: "2h" },
      { at: "end", drive: "0m", shift: "0m" },
    ],
    violations: [["shiftHours", "2026-01-05T20:00:00.000Z", "4h"]],
  },
  {
    name: "a berth block with only 4 h of consecutive sleeper is no split period",
    log: seq(T0, ["driving", "6h"], ["sleeperBed", "4h"], ["offDuty", "1h"], ["sleeperBed", "3h"], ["driving", "4h"], ["offDuty", "2h"]),
    clocks: [{ at: "end", drive: "1h", shift: "0m" }],
    violations: [["shiftHours", "2026-01-05T20:00:00.000Z", "4h"]],
  },
  {
    name: "adverse driving conditions extend the 11 and the 14 by 2 hours",
    log: seq(T0, ["driving", "8h"], ["offDuty", "30m"], ["driving", "4h", { adverseDriving: true }]),
    clocks: [
      { at: "8h30m", drive: "3h", shift: "5h30m" },
      { at: "end", drive: "1h", shift: "3h30m" },
    ],
    violations: [],
  },
  {
    name: "driving past the extended 13 hours",
    log: seq(T0, ["driving", "8h"], ["offDuty", "30m"], ["driving", "5h", { adverseDriving: true }], ["driving", "30m"]),
    clocks: [{ at: "end", drive: "0m", shift: "2h" }],
    violations: [["shiftDrivingHours", "2026-01-05T19:30:00.000Z", "30m"]],
  },
  {
    name: "adverse driving extends only the shift it was claimed in",
    log: seq(T0, ["driving", "8h", { adverseDriving: true }], ["offDuty", "10h"], ["driving", "1h"]),
    clocks: [
      { at: "8h", drive: "5h", shift: "8h" },
      { at: "end", drive: "10h", shift: "13h" },
    ],
    violations: [],
  },
  {
    name: "10 hours of personal conveyance reset the shift",
    log: seq(T0, ["driving", "5h"], ["personalConveyance", "10h"], ["driving", "1h"]),
    clocks: [{ at: "end", drive: "10h", shift: "13h", cycle: "64h" }],
    violations: [],
  },
  {
    name: "unsorted entries are sorted",
    log: (() => {
      const { log, ...rest } = seq(T0, ["onDuty", "1h"], ["driving", "5h"], ["offDuty", "1h"]);
      return { ...rest, log: [log[2], log[0], log[1]] };
    })(),
    clocks: [{ at: "end", drive: "6h", shift: "7h", status: "offDuty", statusSince: "6h" }],
    violations: [],
  },
  {
    name: "70/8: seven 10-hour days use the whole cycle",
    log: seq(T0, ...repeat(6, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]), ["onDuty", "2h"], ["driving", "8h"]),
    clocks: [
      { at: "24h", cycle: "60h", cycleTomorrow: "60h" },
      { at: "end", cycle: "0m", cycleTomorrow: "0m", cycleStartedAt: "0m" },
    ],
    violations: [],
  },
  {
    name: "70/8: driving on the eighth day past 70 hours",
    log: seq(T0, ...repeat(7, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]), ["onDuty", "2h"], ["driving", "1h"]),
    clocks: [{ at: "end", cycle: "0m", cycleTomorrow: "7h" }],
    violations: [["cycleHoursOn", "2026-01-12T08:00:00.000Z", "1h"]],
  },
  {
    name: "60/7: driving on the seventh day past 60 hours",
    ruleset: "us60_7",
    log: seq(T0, ...repeat(6, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]), ["onDuty", "2h"], ["driving", "1h"]),
    clocks: [{ at: "end", cycle: "0m", cycleTomorrow: "7h" }],
    violations: [["cycleHoursOn", "2026-01-11T08:00:00.000Z", "1h"]],
  },
  {
    name: "34 consecutive hours off restart the cycle",
    log: seq(T0, ...repeat(4, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]), ["onDuty", "10h"], ["offDuty", "34h"], ["onDuty", "1h"]),
    clocks: [{ at: "end", cycle: "69h", cycleStartedAt: "140h", cycleTomorrow: "69h" }],
    violations: [],
  },
  {
    name: "33 h 59 min off do not restart the cycle",
    log: seq(T0, ...repeat(4, ["onDuty", "2h"], ["driving", "8h"], ["offDuty", "14h"]), ["onDuty", "10h"], ["offDuty", "33h59m"], ["onDuty", "1h"]),
    clocks: [{ at: "end", cycle: "19h", cycleStartedAt: "0m", cycleTomorrow: "19h" }],
    violations: [],
  },
  {
    name: "tomorrow counts a restart that completes before the day starts",
    log: seq(T0, ["onDuty", "10h"], ["offDuty", "33h"]),
    clocks: [{ at: "end", cycle: "60h", cycleTomorrow: "70h", cycleStartedAt: "0m" }],
    violations: [],
  },
  {
    name: "the cycle rolls: days older than the window drop out",
    log: seq(T0, ["onDuty", "10h"], ["offDuty", "14h"], ...repeat(7, ["onDuty", "1h"], ["offDuty", "23h"]), ["onDuty", "1h"]),
    clocks: [
      { at: "169h", cycle: "53h", cycleTomorrow: "63h" },
      { at: "end", cycle: "62h", cycleTomorrow: "63h" },
    ],
    violations: [],
  },
];

describe("HOS scenarios", () => {
  it("has at least 40 scenarios", () => expect(scenarios.length).toBeGreaterThanOrEqual(40));
});

describeScenarios("HOS", scenarios);
