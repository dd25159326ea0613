import { createDriverCalendar } from "./driver-calendar";
import { replayCycle } from "./cycle-replay";
import { groupRestBlocks, markAwaitingPartner } from "./rest-blocks";
import { CYCLE_RULES } from "./rules";
import { decideShiftExceptions } from "./shift-exceptions";
import { replayShift } from "./shift-replay";
import { pairSplitPeriods } from "./split-pairing";
import { buildTimeline } from "./timeline";
import type { DriverCalendarOptions, DutyStatusEntry, HosExceptions, HosRuleset } from "./types";

/**
 * Replays a driver's log up to `untilMs`: timeline, rest blocks and split pairs, shift rules and cycle rules. The
 * shift rules replay once more per candidate when a rest period could pair with more than one earlier period.
 */
export const replayLog = ({
  log,
  ruleset,
  timezone,
  dayStartHour,
  exceptions = {},
  untilMs,
  fromMs = untilMs,
}: {
  log: readonly DutyStatusEntry[];
  ruleset: HosRuleset;
  exceptions?: HosExceptions;
  fromMs?: number;
  untilMs: number;
} & DriverCalendarOptions) => {
  const segments = buildTimeline({ log, untilMs });
  const blocks = groupRestBlocks(segments);
  const restBlocks = new Map(blocks.map((block) => [block.lastSegmentIndex, block]));
  const rule = CYCLE_RULES[ruleset];
  const calendar = createDriverCalendar({ timezone, dayStartHour });
  const shiftExceptions = decideShiftExceptions({ segments, restBlocks, calendar, shortHaulElected: exceptions.shortHaul === true });
  pairSplitPeriods({ blocks, segmentCount: segments.length, evaluator: (range) => replayShift({ segments, restBlocks, ...shiftExceptions, ...range }) });
  markAwaitingPartner({ blocks, untilMs });
  return {
    segments,
    rule,
    calendar,
    shift: replayShift({ segments, restBlocks, ...shiftExceptions }),
    cycle: replayCycle({ segments, rule, calendar, fromMs, untilMs }),
  };
};
