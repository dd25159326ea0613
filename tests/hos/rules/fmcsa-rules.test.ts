import { describe, expect, it } from "vitest";
import { seq, type Step } from "./log-builder";
import { T0, describeScenarios, type Scenario } from "./scenarios";

const FAQ_2020 = "FMCSA, Frequently Asked Questions Relating to 2020 Changes to Hours of Service Regulations";
const claim = { sixteenHourException: true };
/** A 16-hour duty day claiming the 16-hour exception: 2 h on duty, 6 h driving, 5 h on duty, 3 h driving. */
const sixteenHourDay: Step[] = [
  ["onDuty", "2h", claim],
  ["driving", "6h"],
  ["onDuty", "5h"],
  ["driving", "3h"],
];

/** Split-sleeper pairing (395.1(g)(1)(ii)) beyond neighbouring periods, and the choice among several pairings. */
const splitSleeper: Scenario[] = [
  {
    name: "a 3 h and a 7 h period pair across a 2 h stop: the window is recalculated from the end of the 3 h",
    source: `Issue 23's example; ${FAQ_2020}, question 6 (an off-duty period pairs with a later berth period)`,
    log: seq(T0, ["driving", "5h"], ["offDuty", "3h"], ["driving", "3h"], ["offDuty", "2h"], ["driving", "2h"], ["sleeperBed", "7h"]),
    clocks: [
      // Before the berth period nothing pairs yet: 15 h of window used.
      { at: "15h", shift: "0m", drive: "1h" },
      // From the end of the 3 h: 3 + 2 h driven, and the 2 h stop counts in the window: 7 h used.
      { at: "end", drive: "6h", shift: "7h", untilBreak: "8h" },
    ],
    violations: [],
  },
  {
    name: "5 h off duty, later 7 h in the berth: both are left out of the window",
    source: `${FAQ_2020}, question 6`,
    log: seq(T0, ["onDuty", "1h"], ["driving", "4h"], ["offDuty", "5h"], ["driving", "4h"], ["sleeperBed", "7h"]),
    clocks: [
      { at: "14h", shift: "0m", drive: "3h" },
      { at: "end", drive: "7h", shift: "10h" },
    ],
    violations: [],
  },
  {
    name: "two possible partners: the pairing without violations wins over the one leaving more time",
    source: `${FAQ_2020}, question 4 (no or the fewest violations first)`,
    // Pairing the berth with the 2 h period would leave 9 h of driving but put 1 h of driving past the window.
    log: seq(T0, ["onDuty", "1h"], ["driving", "5h"], ["offDuty", "3h"], ["driving", "4h"], ["offDuty", "2h"], ["driving", "2h"], ["sleeperBed", "8h"]),
    clocks: [{ at: "end", drive: "5h", shift: "6h" }],
    violations: [],
  },
  {
    name: "two possible partners without violations: the one leaving the most time wins",
    source: `${FAQ_2020}, question 4 (then the most available on-duty and driving time)`,
    // With the 3 h period: 7 h driving / 8 h window left; with the 2 h period: 9 h / 12 h.
    log: seq(T0, ["onDuty", "1h"], ["driving", "3h"], ["offDuty", "3h"], ["driving", "2h"], ["offDuty", "2h"], ["driving", "2h"], ["sleeperBed", "8h"]),
    clocks: [{ at: "end", drive: "9h", shift: "12h" }],
    violations: [],
  },
  {
    name: "every pairing has a violation: a nominal one (under 15 min) is preferred to a plain one",
    source: `${FAQ_2020}, question 4 (nominal, then violations, then out-of-service)`,
    // With the 3 h period: 40 min past the 11 hours after the berth; with the 2 h period: 10 min past the window before it.
    log: seq(
      T0,
      ["onDuty", "1h"],
      ["driving", "4h"],
      ["offDuty", "3h"],
      ["driving", "3h"],
      ["offDuty", "2h"],
      ["driving", "3h10m"],
      ["sleeperBed", "8h"],
      ["driving", "5h30m"],
    ),
    clocks: [{ at: "end", drive: "2h20m", shift: "5h20m" }],
    violations: [["shiftHours", "2026-01-05T22:00:00.000Z", "10m"]],
  },
  {
    name: "a berth pair, then a 3 h period that only pairs with the berth: the calculation point moves when a pair completes",
    source: "49 CFR 395.1(g)(1)(ii) (recalculated from the end of the first of the two periods); " + `${FAQ_2020}, question 4`,
    // The 3 h period takes the 8 h berth over from the 2 h one (fewer violations); until the last berth completes the
    // next pair, driving counts from the end of the 8 h berth: 3 + 3 + 6 h.
    log: seq(
      T0,
      ["driving", "5h"],
      ["sleeperBed", "8h"],
      ["driving", "3h"],
      ["offDuty", "2h"],
      ["driving", "3h"],
      ["offDuty", "3h"],
      ["driving", "6h"],
      ["sleeperBed", "7h"],
    ),
    clocks: [{ at: "end", drive: "5h", shift: "8h", untilBreak: "8h" }],
    violations: [["shiftDrivingHours", "2026-01-06T11:00:00.000Z", "1h"]],
  },
  {
    name: "a 10-hour rest is the partner of the berth period before it: the berth stays out of the ending shift's window",
    source: `${FAQ_2020}, question 8; 49 CFR 395.1(g)(1)(ii)(A) (the other period is at least 2 hours)`,
    log: seq(T0, ["driving", "5h"], ["sleeperBed", "7h"], ["driving", "6h"], ["offDuty", "10h"], ["driving", "1h"]),
    clocks: [
      { at: "18h", drive: "0m", shift: "3h" },
      { at: "end", drive: "10h", shift: "13h" },
    ],
    violations: [],
  },
  {
    name: "7 h berth, later 3 h off, then 10 h at home: the 3 h stays out of the window",
    source: `${FAQ_2020}, question 8`,
    log: seq(T0, ["driving", "5h"], ["sleeperBed", "7h"], ["driving", "5h"], ["offDuty", "3h"], ["onDuty", "5h"], ["driving", "2h"], ["offDuty", "10h"]),
    clocks: [{ at: "27h", drive: "4h", shift: "2h" }],
    violations: [],
  },
];

/** The short-haul exceptions (395.1(e)(1), 395.1(o)) and adverse driving conditions (395.1(b)). */
const exceptions: Scenario[] = [
  {
    name: "150 air-mile short haul: no 30-minute break is due",
    source: "49 CFR 395.1(e)(1) (exempt from 395.3(a)(3)(ii) when released within 14 hours)",
    exceptions: { shortHaul: true },
    log: seq(T0, ["onDuty", "1h"], ["driving", "9h"], ["onDuty", "1h"]),
    clocks: [{ at: "10h", untilBreak: "8h", drive: "2h", shift: "4h" }],
    violations: [],
  },
  {
    name: "the same day without the election misses the break",
    source: "49 CFR 395.3(a)(3)(ii)",
    log: seq(T0, ["onDuty", "1h"], ["driving", "9h"], ["onDuty", "1h"]),
    clocks: [{ at: "10h", untilBreak: "0m" }],
    violations: [["restbreakMissed", "2026-01-05T15:00:00.000Z", "1h"]],
  },
  {
    name: "short haul, released after 15 hours: the exception is lost for that day and the break was due",
    source: "49 CFR 395.1(e)(1)(ii)(A) (returns and is released within 14 consecutive hours)",
    exceptions: { shortHaul: true },
    log: seq(T0, ["onDuty", "1h"], ["driving", "9h"], ["onDuty", "5h"]),
    // At 10 h the day could still end within 14 hours.
    clocks: [{ at: "10h", untilBreak: "8h" }],
    violations: [["restbreakMissed", "2026-01-05T15:00:00.000Z", "1h"]],
  },
  {
    name: "short haul within 16 hours under the 16-hour exception keeps the break exemption",
    source: "49 CFR 395.1(e)(1)(ii)(A) with 395.1(o)",
    exceptions: { shortHaul: true },
    log: seq(T0, ["onDuty", "2h", claim], ["driving", "9h"], ["onDuty", "5h"]),
    clocks: [{ at: "end", untilBreak: "8h", shift: "0m" }],
    violations: [],
  },
  {
    name: "16-hour exception: driving in the 15th and 16th hours",
    source: "49 CFR 395.1(o) (released within 16 hours after coming on duty)",
    log: seq(T0, ...sixteenHourDay),
    clocks: [
      { at: "13h", shift: "3h", drive: "5h" },
      { at: "end", shift: "0m", drive: "2h" },
    ],
    violations: [],
  },
  {
    name: "the same day without the claim drives 2 hours past the window",
    source: "49 CFR 395.3(a)(2)",
    log: seq(T0, ["onDuty", "2h"], ["driving", "6h"], ["onDuty", "5h"], ["driving", "3h"]),
    clocks: [{ at: "end", shift: "0m" }],
    violations: [["shiftHours", "2026-01-05T20:00:00.000Z", "2h"]],
  },
  {
    name: "16-hour exception claimed again two days later without a 34-hour restart: refused",
    source: "49 CFR 395.1(o)(3) (not taken within the previous 6 consecutive days)",
    log: seq(T0, ...sixteenHourDay, ["offDuty", "32h"], ...sixteenHourDay),
    clocks: [{ at: "end", shift: "0m", drive: "2h" }],
    violations: [["shiftHours", "2026-01-07T20:00:00.000Z", "2h"]],
  },
  {
    name: "16-hour exception again after a 34-hour restart: granted",
    source: "49 CFR 395.1(o)(3) (unless a new 7/8-day period began with 34 hours off, 395.3(c))",
    log: seq(T0, ...sixteenHourDay, ["offDuty", "34h"], ...sixteenHourDay),
    clocks: [{ at: "end", shift: "0m", drive: "2h" }],
    violations: [],
  },
  {
    name: "a claim on a day that does not drive past the 14th hour does not use up the exception",
    source: "49 CFR 395.1(o); J. J. Keller RegSense, “If drivers are on duty but not driving after the 14th hour…” (2024)",
    log: seq(T0, ["onDuty", "2h", claim], ["driving", "6h"], ["onDuty", "6h"], ["offDuty", "32h"], ...sixteenHourDay),
    clocks: [{ at: "end", shift: "0m" }],
    violations: [],
  },
  {
    name: "adverse driving conditions: 13 hours of driving within a 16-hour window",
    source: "49 CFR 395.1(b)(1) as amended by the 2020 HOS final rule (85 FR 33396)",
    log: seq(T0, ["onDuty", "1h"], ["driving", "8h"], ["offDuty", "30m"], ["driving", "2h"], ["driving", "3h", { adverseDriving: true }]),
    clocks: [
      { at: "11h30m", drive: "1h", shift: "2h30m" },
      { at: "end", drive: "0m", shift: "1h30m" },
    ],
    violations: [],
  },
  {
    name: "adverse driving and the 16-hour exception do not add up to an 18-hour window",
    source: "49 CFR 395.1(b)(1), 395.1(o); docs/hos.md (not stacked: no FMCSA guidance allows it)",
    log: seq(T0, ["onDuty", "2h", claim], ["driving", "6h"], ["onDuty", "5h"], ["driving", "4h", { adverseDriving: true }]),
    clocks: [{ at: "end", shift: "0m", drive: "3h" }],
    violations: [["shiftHours", "2026-01-05T22:00:00.000Z", "1h"]],
  },
];

describe("FMCSA rule tables", () => {
  it("cite a source in every case", () => {
    for (const scenario of [...splitSleeper, ...exceptions]) expect(scenario.source, scenario.name).toBeTruthy();
  });
});

describeScenarios("split sleeper", splitSleeper);
describeScenarios("exceptions", exceptions);
