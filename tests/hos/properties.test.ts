import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeHosClocks, type DutyStatus, type DutyStatusEntry, type HosClocks, type HosRuleset } from "@/lib/hos";

const HOUR_MS = 3_600_000;
// Seeded, as the route fuzzer is: CI runs the same cases every time (a failure prints its seed and path to replay).
const SEED = 20_261_121;
const START_MS = Date.parse("2026-01-05T06:00:00Z");
const STATUSES: DutyStatus[] = ["offDuty", "sleeperBed", "driving", "onDuty", "yardMove", "personalConveyance"];

/** Up to ~8 days of random steps of 1 min to 36 h, some driving ones claiming adverse conditions. */
const logArbitrary = fc
  .array(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      minutes: fc.oneof(fc.integer({ min: 1, max: 180 }), fc.integer({ min: 1, max: 36 * 60 })),
      adverseDriving: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let cursorMs = START_MS;
    const log: DutyStatusEntry[] = steps.map(({ status, minutes, adverseDriving }) => {
      const entry = { status, startTime: new Date(cursorMs), adverseDriving: status === "driving" && adverseDriving };
      cursorMs += minutes * 60_000;
      return entry;
    });
    return { log, endMs: cursorMs };
  });

const rulesetArbitrary = fc.constantFrom<HosRuleset>("us70_8", "us60_7");
const timezoneArbitrary = fc.constantFrom("UTC", "America/Chicago", "America/Los_Angeles");

const clocksAt = (log: DutyStatusEntry[], ruleset: HosRuleset, timezone: string, atMs: number) =>
  computeHosClocks({ log, ruleset, timezone, at: new Date(atMs) });

describe("HOS clock properties", () => {
  it("remaining times are never negative and never above their limit", () => {
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, timezoneArbitrary, fc.double({ min: 0, max: 1, noNaN: true }), ({ log, endMs }, ruleset, timezone, position) => {
        const clocks = clocksAt(log, ruleset, timezone, START_MS + Math.floor(position * (endMs - START_MS)));
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
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("without adverse conditions, the drive and shift clocks stay within 11 and 14 hours", () => {
    fc.assert(
      fc.property(logArbitrary, rulesetArbitrary, ({ log, endMs }, ruleset) => {
        const plainLog = log.map((entry) => ({ ...entry, adverseDriving: false }));
        const clocks = clocksAt(plainLog, ruleset, "UTC", endMs);
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
          const log = anyLog.map((entry) => ({ ...entry, adverseDriving: false }));
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
});
