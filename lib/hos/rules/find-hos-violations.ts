import { checkEngineInput, checkRange, type EngineInput } from "./check-input";
import { HosInputError } from "./hos-input-error";
import { replayLog } from "./replay-log";
import type { HosViolation } from "./types";

/**
 * Violations overlapping [from, to), oldest first, as known at `to`: the log is replayed up to `to`, so a split
 * sleeper pair completed later does not clear a violation found now. Throws `HosInputError` naming the field it
 * cannot understand.
 */
export const findHosViolations = ({ from, to, driverId, ...input }: EngineInput & { from: Date; to: Date; driverId?: string }) => {
  checkEngineInput(input);
  checkRange({ from, to });
  if (driverId !== undefined && typeof driverId !== "string") throw new HosInputError("driverId", "expected a string");
  const { shift, cycle } = replayLog({ ...input, untilMs: to.getTime() });
  return [...shift.violations, ...cycle.violations]
    .filter(({ startTime, durationMs }) => startTime.getTime() + durationMs > from.getTime())
    .map((violation): HosViolation => (driverId === undefined ? violation : { ...violation, driverId }))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
};
