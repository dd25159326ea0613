import { checkDate, checkEngineInput, type EngineInput } from "./check-input";
import { DRIVING_BEFORE_BREAK_MS, clamp } from "./rules";
import { replayLog } from "./replay-log";
import type { Segment } from "./timeline";
import type { HosClocks } from "./types";

const currentStatusOf = (segments: readonly Segment[]) => {
  const last = segments.at(-1);
  if (!last) return { currentStatus: "offDuty" as const, currentStatusStartedAt: null };
  let startMs = last.startMs;
  for (let index = segments.length - 2; index >= 0 && segments[index].status === last.status; index--) {
    startMs = segments[index].startMs;
  }
  return { currentStatus: last.status, currentStatusStartedAt: new Date(startMs) };
};

/**
 * The driver's hours-of-service clocks at `at`, from the entries that started before it.
 * Time before the first entry is taken as off duty, so a log starting mid-shift starts a fresh shift and cycle.
 * Throws `HosInputError` naming the field it cannot understand.
 */
export const computeHosClocks = ({ at, ...input }: EngineInput & { at: Date }): HosClocks => {
  checkEngineInput(input);
  checkDate(at, "at");
  const { segments, rule, shift, cycle } = replayLog({ ...input, untilMs: at.getTime() });
  const { state } = shift;
  return {
    ...currentStatusOf(segments),
    driveRemainingMs: clamp(state.drivingLimitMs - state.drivingUsedMs, state.drivingLimitMs),
    shiftRemainingMs: clamp(state.windowLimitMs - state.windowUsedMs, state.windowLimitMs),
    // Under the short-haul exception no break is ever due.
    timeUntilBreakMs: state.breakRequired ? clamp(DRIVING_BEFORE_BREAK_MS - state.drivingSinceBreakMs, DRIVING_BEFORE_BREAK_MS) : DRIVING_BEFORE_BREAK_MS,
    cycleRemainingMs: clamp(rule.limitMs - cycle.usedMs, rule.limitMs),
    cycleStartedAt: cycle.cycleStartedAtMs === null ? null : new Date(cycle.cycleStartedAtMs),
    cycleTomorrowMs: clamp(cycle.availableTomorrowMs, rule.limitMs),
  };
};
