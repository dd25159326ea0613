import { describe, expect, it } from "vitest";
import { computeHosClocks, findHosViolations, type DutyStatus, type HosExceptions, type HosRuleset, type HosViolationType } from "@/lib/hos/rules";
import { dur, type seq } from "./log-builder";

/** Expected clocks as durations ("4h30m"); only the listed fields are checked. */
export type ExpectedClocks = {
  at: string;
  drive?: string;
  shift?: string;
  untilBreak?: string;
  cycle?: string;
  cycleTomorrow?: string;
  status?: DutyStatus;
  statusSince?: string | null;
  cycleStartedAt?: string | null;
};

export type Scenario = {
  name: string;
  /** Where the case comes from: document and question, example or page. */
  source?: string;
  ruleset?: HosRuleset;
  exceptions?: HosExceptions;
  log: ReturnType<typeof seq>;
  /** `at` is an offset from the log's start ("15h") or "end". */
  clocks: ExpectedClocks[];
  /** Violations over the whole log, as [type, ISO start, duration]. */
  violations: [HosViolationType, string, string][];
};

export const T0 = "2026-01-05T06:00:00.000Z";
const iso = (ms: number) => new Date(ms).toISOString();

const offsetMs = (log: Scenario["log"], at: string) => (at === "end" ? log.end.getTime() : log.start.getTime() + dur(at));

const pickClocks = (expected: ExpectedClocks, scenario: Scenario) => {
  const { log } = scenario;
  const atMs = offsetMs(log, expected.at);
  const clocks = computeHosClocks({ log: log.log, ruleset: scenario.ruleset ?? "us70_8", exceptions: scenario.exceptions, at: new Date(atMs) });
  const instant = (date: Date | null) => (date === null ? null : iso(date.getTime()));
  const actual: Record<string, unknown> = {
    drive: clocks.driveRemainingMs,
    shift: clocks.shiftRemainingMs,
    untilBreak: clocks.timeUntilBreakMs,
    cycle: clocks.cycleRemainingMs,
    cycleTomorrow: clocks.cycleTomorrowMs,
    status: clocks.currentStatus,
    statusSince: instant(clocks.currentStatusStartedAt),
    cycleStartedAt: instant(clocks.cycleStartedAt),
  };
  const wanted: Record<string, unknown> = {};
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expected)) {
    if (key === "at") continue;
    picked[key] = actual[key];
    if (key === "status") wanted[key] = value;
    else if (key === "statusSince" || key === "cycleStartedAt") wanted[key] = value === null ? null : iso(offsetMs(log, value as string));
    else wanted[key] = dur(value as string);
  }
  return { picked, wanted };
};

/** One test per expected clock reading and one for the violations over the whole log. */
export const describeScenarios = (title: string, scenarios: Scenario[]) =>
  describe.each(scenarios)(`${title}: $name`, (scenario) => {
    it.each(scenario.clocks)("clocks at $at", (expected) => {
      const { picked, wanted } = pickClocks(expected, scenario);
      expect(picked).toEqual(wanted);
    });

    it("violations", () => {
      const violations = findHosViolations({
        log: scenario.log.log,
        ruleset: scenario.ruleset ?? "us70_8",
        exceptions: scenario.exceptions,
        from: scenario.log.start,
        to: scenario.log.end,
      });
      expect(violations.map(({ type, startTime, durationMs }) => [type, iso(startTime.getTime()), durationMs])).toEqual(
        scenario.violations.map(([type, start, length]) => [type, start, dur(length)]),
      );
    });
  });
