import { ADVERSE_EXTENSION_MS, BREAK_MS, DRIVING_BEFORE_BREAK_MS, DRIVING_LIMIT_MS, SHIFT_WINDOW_MS, SIXTEEN_HOUR_WINDOW_MS } from "./rules";
import type { RestBlocksBySegmentEnd } from "./rest-blocks";
import type { ShiftExceptions } from "./shift-exceptions";
import type { Segment } from "./timeline";
import { isRestStatus } from "./timeline";
import { createViolationTracker } from "./violation-tracker";

type Usage = { drivingMs: number; windowMs: number };

export type ShiftState = {
  drivingUsedMs: number;
  windowUsedMs: number;
  drivingLimitMs: number;
  windowLimitMs: number;
  drivingSinceBreakMs: number;
  /** False in a duty period under the short-haul exception (395.1(e)(1)(iii)). */
  breakRequired: boolean;
};

/**
 * Replays the 11-hour, 14-hour and 30-minute-break rules over the timeline in one pass; over segments [from, to) when
 * given, where `from` starts a shift (the split pairing replays one shift per option).
 *
 * Usage is counted from an anchor: the start of the shift, or — once a split-sleeper pair is complete — the end of
 * its first period (395.1(g)(1)(ii)(C)). Split periods never count in the 14-hour window; other rest does.
 */
export const replayShift = ({
  segments,
  restBlocks,
  shiftOfSegment,
  shifts,
  from = 0,
  to = segments.length,
}: {
  segments: readonly Segment[];
  restBlocks: RestBlocksBySegmentEnd;
  shiftOfSegment: readonly number[];
  shifts: readonly ShiftExceptions[];
  from?: number;
  to?: number;
}) => {
  const drivingViolations = createViolationTracker("shiftDrivingHours");
  const windowViolations = createViolationTracker("shiftHours");
  const breakViolations = createViolationTracker("restbreakMissed");
  let sinceAnchor: Usage = { drivingMs: 0, windowMs: 0 };
  let sinceSplitPeriod: Usage = { drivingMs: 0, windowMs: 0 };
  let adverseClaimed = false;
  let drivingSinceBreakMs = 0;
  let nonDrivingRunMs = 0;

  const limits = (shift: ShiftExceptions) => ({
    drivingLimitMs: DRIVING_LIMIT_MS + (adverseClaimed ? ADVERSE_EXTENSION_MS : 0),
    // The two extensions do not add up: FMCSA has not said they may (docs/hos.md).
    windowLimitMs: adverseClaimed || shift.sixteenHour ? SIXTEEN_HOUR_WINDOW_MS : SHIFT_WINDOW_MS,
  });

  for (let index = from; index < to; index++) {
    const segment = segments[index];
    const durationMs = segment.endMs - segment.startMs;
    const shift = shifts[shiftOfSegment[index]];
    if (segment.status === "driving") {
      if (segment.adverseDriving) adverseClaimed = true;
      const { drivingLimitMs, windowLimitMs } = limits(shift);
      const { startMs } = segment;
      drivingViolations.recordDriving({ startMs, durationMs, usedMs: sinceAnchor.drivingMs, limitMs: drivingLimitMs });
      windowViolations.recordDriving({ startMs, durationMs, usedMs: sinceAnchor.windowMs, limitMs: windowLimitMs });
      if (!shift.shortHaul) breakViolations.recordDriving({ startMs, durationMs, usedMs: drivingSinceBreakMs, limitMs: DRIVING_BEFORE_BREAK_MS });
      nonDrivingRunMs = 0;
      drivingSinceBreakMs += durationMs;
    } else {
      // Any non-driving period of 30 consecutive minutes, whatever its statuses, is the break (395.3(a)(3)(ii)).
      nonDrivingRunMs += durationMs;
      if (nonDrivingRunMs >= BREAK_MS) drivingSinceBreakMs = 0;
    }
    if (!isRestStatus(segment.status)) {
      const drivingMs = segment.status === "driving" ? durationMs : 0;
      for (const usage of [sinceAnchor, sinceSplitPeriod]) {
        usage.drivingMs += drivingMs;
        usage.windowMs += durationMs;
      }
      continue;
    }
    const block = restBlocks.get(index);
    if (!block) continue;
    if (block.resetsShift) {
      sinceAnchor = { drivingMs: 0, windowMs: 0 };
      sinceSplitPeriod = { drivingMs: 0, windowMs: 0 };
      adverseClaimed = false;
    } else if (block.isSplitPeriod) {
      // Pairs never enclose another split period, so the latest one before this block is its partner.
      if (block.pairedWith) sinceAnchor = sinceSplitPeriod;
      sinceSplitPeriod = { drivingMs: 0, windowMs: 0 };
    } else {
      sinceAnchor.windowMs += block.durationMs;
      sinceSplitPeriod.windowMs += block.durationMs;
    }
  }

  const lastIndex = to - 1;
  const currentShiftIndex = lastIndex < 0 ? 0 : shiftOfSegment[lastIndex] + (restBlocks.get(lastIndex)?.resetsShift ? 1 : 0);
  const currentShift = shifts[currentShiftIndex];
  const state: ShiftState = {
    drivingUsedMs: sinceAnchor.drivingMs,
    windowUsedMs: sinceAnchor.windowMs,
    ...limits(currentShift),
    drivingSinceBreakMs,
    breakRequired: !currentShift.shortHaul,
  };
  const violations = [...drivingViolations.violations, ...windowViolations.violations, ...breakViolations.violations];
  return { state, violations };
};
