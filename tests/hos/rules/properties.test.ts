import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeHosClocks,
  findHosViolations,
  type DutyStatus,
  type DutyStatusEntry,
  type HosClocks,
  type HosExceptions,
  type HosRuleset,
} from "@/lib/hos/rules";

const HOUR_MS = 3_600_000;
// Seeded, as the route fuzzer is: CI runs the same cases every time (a failure prints its seed and path to replay).
const SEED = 20_261_121;
const START_MS = Date.parse("2026-01-05T06:00:00Z");
const STATUSES: DutyStatus[] = ["offDuty", "sleeperBed", "driving", "onDuty", "yardMove", "personalConveyance"];

/** Up to ~8 days of random steps of 1 min to 36 h, some driving ones claiming adverse conditions, some the 16-hour exception. */
const logArbitrary = fc
  .array(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      minutes: fc.oneof(fc.integer({ min: 1, max: 180 }), fc.integer({ min: 1, max: 36 * 60 })),
      adverseDriving: fc.boolean(),
      sixteenHourException: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let cursorMs = START_MS;
    const log: DutyStatusEntry[] = steps.map(({ status, minutes, adverseDriving, sixteenHourException }) => {
      const entry = { status, startTime: new Date(cursorMs), adverseDriving: status === "driving" && adverseDriving, sixteenHourException };
      cursorMs += minutes * 60_000;
      return entry;
    });
    return { log, endMs: cursorMs };
  });

const rulesetArbitrary = fc.constantFrom<HosRuleset>("us70_8", "us60_7");
const timezoneArbitrary = fc.constantFrom("UTC", "America/Chicago", "America/Los_Angeles");
const exceptionsArbitrary = fc.record({ shortHaul: fc.boolean() }) satisfies fc.Arbitrary<HosExceptions>;

const clocksAt = (log: DutyStatusEntry[], ruleset: HosRuleset, timezone: string, atMs: number, exceptions?: HosExceptions) =>
  computeHosClocks({ log, ruleset, timezone, exceptions, at: new Date(atMs) });

/** The log without any claimed extension: adverse driving or the 16-hour exception. */
const withoutExtensions = (log: DutyStatusEntry[]) => log.map((entry) => ({ ...entry, adverseDriving: false, sixteenHourException: false }));

describe("HOS clock properties", () => {
  // 13 h of driving under adverse conditions (395.1(b)); a 16-hour window under 395.1(b) or 395.1(o), never more.
  it("remaining times are never negative and never above their limit", () => {
    fc.assert(
      fc.property(
        logArbitrary,
        rulesetArbitrary,
        timezoneArbitrary,
        exceptionsArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ log, endMs }, ruleset, timezone, exceptions, position) => {
          const clocks = clocksAt(log, ruleset, timezone, START_MS + Math.floor(position * (endMs - START_MS)), exceptions);
          const cycleLimitMs = (ruleset === "us70_8" ? 70 : 60) * HOUR_MS;
          const limits: [keyof HosClocks, number][] = [
            ["driveRemainingMs", 13 * HOUR_MS],
            ["shiftRemainingMs", 16 * HOUR_MS],
            ["timeUntilBreakMs", 8 * HOUR_MS],
            ["cycleRemainingMs", cycleLimitMs],
            ["cycleTomorrowMs", cycleLimitMs],
          ];
          for (const [field, limitMs] of limits) {
            expect(clocks[field]).toBeGreaterThanOrEqual(0);
            expect(clocks[field]).toBeLessThanOrEqual(limitMs);
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("without a claimed extension, the drive and shift clocks stay within 11 and 14 hours", () => {
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, exceptionsArbitrary, ({ log, endMs }, ruleset, exceptions) => {
        const clocks = clocksAt(withoutExtensions(log), ruleset, "UTC", endMs, exceptions);
        expect(clocks.driveRemainingMs).toBeLessThanOrEqual(11 * HOUR_MS);
        expect(clocks.shiftRemainingMs).toBeLessThanOrEqual(14 * HOUR_MS);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  // Adverse-condition logs are left out: the 2-hour extension rightly ends with the shift that claimed it.
  it("appending off-duty time reduces no remaining time but the shift window", () => {
    fc.assert(
      fc.property(
        logArbitrary,
        rulesetArbitrary,
        timezoneArbitrary,
        fc.integer({ min: 1, max: 48 * 60 }),
        ({ log: anyLog, endMs }, ruleset, timezone, offMinutes) => {
          const log = withoutExtensions(anyLog);
          const before = clocksAt(log, ruleset, timezone, endMs);
          const extended = [...log, { status: "offDuty" as const, startTime: new Date(endMs) }];
          const after = clocksAt(extended, ruleset, timezone, endMs + offMinutes * 60_000);
          expect(after.driveRemainingMs).toBeGreaterThanOrEqual(before.driveRemainingMs);
          expect(after.timeUntilBreakMs).toBeGreaterThanOrEqual(before.timeUntilBreakMs);
          expect(after.cycleRemainingMs).toBeGreaterThanOrEqual(before.cycleRemainingMs);
          expect(after.cycleTomorrowMs).toBeGreaterThanOrEqual(before.cycleTomorrowMs);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("entry order does not matter", () => {
    fc.assert(
      fc.property(logArbitrary, fc.integer(), ({ log, endMs }, seed) => {
        const shuffled = [...log].sort((a, b) => ((a.startTime.getTime() * 31 + seed) % 97) - ((b.startTime.getTime() * 31 + seed) % 97));
        expect(clocksAt(shuffled, "us70_8", "UTC", endMs)).toEqual(clocksAt(log, "us70_8", "UTC", endMs));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("every violation lies within the log and lasts more than nothing", () => {
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, exceptionsArbitrary, ({ log, endMs }, ruleset, exceptions) => {
        for (const { startTime, durationMs } of findHosViolations({ log, ruleset, exceptions, from: new Date(START_MS), to: new Date(endMs) })) {
          expect(durationMs).toBeGreaterThan(0);
          expect(startTime.getTime()).toBeGreaterThanOrEqual(START_MS);
          expect(startTime.getTime() + durationMs).toBeLessThanOrEqual(endMs);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("the short-haul election only removes break violations", () => {
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, ({ log, endMs }, ruleset) => {
        const range = { log, ruleset, from: new Date(START_MS), to: new Date(endMs) };
        const withoutBreaks = (violations: ReturnType<typeof findHosViolations>) => violations.filter(({ type }) => type !== "restbreakMissed");
        const elected = findHosViolations({ ...range, exceptions: { shortHaul: true } });
        const plain = findHosViolations(range);
        expect(withoutBreaks(elected)).toEqual(withoutBreaks(plain));
        expect(elected.length).toBeLessThanOrEqual(plain.length);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  // Pairing only ever leaves rest out of the window and moves the calculation point forward (395.1(g)(1)(ii)).
  it("split-sleeper pairing never adds driving past the 11 or 14 hours", () => {
    const overLimitMs = (log: DutyStatusEntry[], ruleset: HosRuleset, endMs: number) =>
      findHosViolations({ log, ruleset, from: new Date(START_MS), to: new Date(endMs) })
        .filter(({ type }) => type === "shiftHours" || type === "shiftDrivingHours")
        .reduce((total, { durationMs }) => total + durationMs, 0);
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, ({ log, endMs }, ruleset) => {
        const noBerth = log.map((entry) => (entry.status === "sleeperBed" ? { ...entry, status: "offDuty" as const } : entry));
        expect(overLimitMs(log, ruleset, endMs)).toBeLessThanOrEqual(overLimitMs(noBerth, ruleset, endMs));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
