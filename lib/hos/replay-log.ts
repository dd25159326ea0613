import { createDriverCalendar } from "./driver-calendar";
import { replayCycle } from "./cycle-replay";
import { findRestBlocks } from "./rest-blocks";
import { CYCLE_RULES } from "./rules";
import { replayShift } from "./shift-replay";
import { buildTimeline } from "./timeline";
import type { DriverCalendarOptions, DutyStatusEntry, HosRuleset } from "./types";

/** Replays a driver's log up to `untilMs` once: timeline, shift rules and cycle rules. */
export const replayLog = ({
  log,
  ruleset,
  timezone,
  dayStartHour,
  untilMs,
  fromMs = untilMs,
}: { log: readonly DutyStatusEntry[]; ruleset: HosRuleset; fromMs?: number; untilMs: number } & DriverCalendarOptions) => {
  const segments = buildTimeline({ log, untilMs });
  const restBlocks = findRestBlocks({ segments, untilMs });
  const rule = CYCLE_RULES[ruleset];
  const calendar = createDriverCalendar({ timezone, dayStartHour });
  return {
    segments,
    rule,
    calendar,
    shift: replayShift({ segments, restBlocks }),
    cycle: replayCycle({ segments, rule, calendar, fromMs, untilMs }),
  };
};
