import { describe, expect, it } from "vitest";
import { buildDailyLogs, computeHosClocks, findHosViolations, HosInputError, type DutyStatusEntry } from "@/lib/hos/rules";

const at = new Date("2026-01-05T12:00:00Z");
const good: DutyStatusEntry[] = [
  { status: "onDuty", startTime: new Date("2026-01-05T06:00:00Z") },
  { status: "driving", startTime: new Date("2026-01-05T07:00:00Z") },
];
const withEntry = (index: number, change: Record<string, unknown>) =>
  good.map((entry, position) => (position === index ? { ...entry, ...change } : entry)) as DutyStatusEntry[];

type Case = [name: string, field: string, input: Record<string, unknown>];

/** Each case changes one thing in a valid call; the error must name that field. */
const cases: Case[] = [
  ['a status the engine does not know ("Driving")', "log[1].status", { log: withEntry(1, { status: "Driving" }) }],
  ["a missing status", "log[0].status", { log: withEntry(0, { status: undefined }) }],
  ["an ISO string as a start time", "log[1].startTime", { log: withEntry(1, { startTime: "2026-01-05T07:00:00Z" }) }],
  ["an invalid Date as a start time", "log[0].startTime", { log: withEntry(0, { startTime: new Date("not a date") }) }],
  ['"true" for adverse driving', "log[1].adverseDriving", { log: withEntry(1, { adverseDriving: "true" }) }],
  ["a number for the 16-hour claim", "log[0].sixteenHourException", { log: withEntry(0, { sixteenHourException: 1 }) }],
  ["a negative distance", "log[1].distanceMeters", { log: withEntry(1, { distanceMeters: -5 }) }],
  ["a numeric vehicle id", "log[1].vehicleId", { log: withEntry(1, { vehicleId: 12 }) }],
  ["a log that is not an array", "log", { log: { 0: good[0] } }],
  ["a null entry", "log[0]", { log: [null] }],
  ["an unknown ruleset", "ruleset", { ruleset: "us80_9" }],
  ["an unknown time zone", "timezone", { timezone: "Mars/Olympus_Mons" }],
  ["a day-start hour of 24", "dayStartHour", { dayStartHour: 24 }],
  ["a negative day-start hour", "dayStartHour", { dayStartHour: -1 }],
  ["a fractional day-start hour", "dayStartHour", { dayStartHour: 1.5 }],
  ['"yes" for the short-haul election', "exceptions.shortHaul", { exceptions: { shortHaul: "yes" } }],
];

const thrown = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
};

const entryPoints = {
  computeHosClocks: (input: Record<string, unknown>) => computeHosClocks({ log: good, ruleset: "us70_8", at, ...input } as never),
  findHosViolations: (input: Record<string, unknown>) =>
    findHosViolations({ log: good, ruleset: "us70_8", from: new Date(at.getTime() - 86_400_000), to: at, ...input } as never),
  buildDailyLogs: (input: Record<string, unknown>) =>
    buildDailyLogs({ log: good, ruleset: "us70_8", from: new Date(at.getTime() - 86_400_000), to: at, ...input } as never),
};

describe("the engine refuses what it cannot understand, naming the field", () => {
  describe.each(Object.entries(entryPoints))("%s", (_, call) => {
    it("accepts the valid call", () => expect(() => call({})).not.toThrow());

    it.each(cases)("%s → %s", (_name, field, input) => {
      const error = thrown(() => call(input));
      expect(error).toBeInstanceOf(HosInputError);
      expect((error as HosInputError).field).toBe(field);
      expect((error as HosInputError).message).toContain(`"${field}"`);
    });
  });

  it("an unknown status is refused rather than read as on duty (a driver who drove 5 h no longer shows 11 h left)", () => {
    const log = [{ status: "Driving", startTime: new Date("2026-01-05T07:00:00Z") }] as unknown as DutyStatusEntry[];
    expect(() => computeHosClocks({ log, ruleset: "us70_8", at })).toThrow('Invalid "log[0].status": "Driving" is not one of');
  });

  it.each([
    ["computeHosClocks", "at", () => computeHosClocks({ log: good, ruleset: "us70_8", at: "2026-01-05T12:00:00Z" as never })],
    ["computeHosClocks", "at", () => computeHosClocks({ log: good, ruleset: "us70_8", at: new Date(Number.NaN) })],
    ["findHosViolations", "from", () => findHosViolations({ log: good, ruleset: "us70_8", from: at, to: new Date(at.getTime() - 1) })],
    ["findHosViolations", "to", () => findHosViolations({ log: good, ruleset: "us70_8", from: at, to: Date.now() as never })],
    ["findHosViolations", "driverId", () => findHosViolations({ log: good, ruleset: "us70_8", from: at, to: at, driverId: 7 as never })],
    ["buildDailyLogs", "from", () => buildDailyLogs({ log: good, ruleset: "us70_8", from: "yesterday" as never, to: at })],
  ])("%s refuses a bad %s", (_name, field, call) => {
    expect((thrown(call) as HosInputError).field).toBe(field);
  });
});
