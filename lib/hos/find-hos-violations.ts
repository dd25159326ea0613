import { replayLog } from "./replay-log";
import type { DriverCalendarOptions, DutyStatusEntry, HosRuleset, HosViolation } from "./types";

/**
 * Violations overlapping [from, to), oldest first, as known at `to`: the log is replayed up to `to`, so a split
 * sleeper pair completed later does not clear a violation found now.
 */
export const findHosViolations = ({
  log,
  ruleset,
  from,
  to,
  timezone,
  dayStartHour,
  driverId,
}: { log: readonly DutyStatusEntry[]; ruleset: HosRuleset; from: Date; to: Date; driverId?: string } & DriverCalendarOptions) => {
  const { shift, cycle } = replayLog({ log, ruleset, timezone, dayStartHour, untilMs: to.getTime() });
  return [...shift.violations, ...cycle.violations]
    .filter(({ startTime, durationMs }) => startTime.getTime() + durationMs > from.getTime())
    .map((violation): HosViolation => (driverId === undefined ? violation : { ...violation, driverId }))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
};
