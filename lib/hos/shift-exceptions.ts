import type { DriverCalendar } from "./driver-calendar";
import type { RestBlocksBySegmentEnd } from "./rest-blocks";
import { CYCLE_RESTART_MS, SHIFT_WINDOW_MS, SIXTEEN_HOUR_WINDOW_MS } from "./rules";
import { isRestStatus, type Segment } from "./timeline";

const DAY_MS = 86_400_000;

/** A duty period's exceptions, decided once the whole period is known. */
export type ShiftExceptions = {
  /** 395.1(o) claimed and granted: the window is 16 hours. */
  sixteenHour: boolean;
  /** 395.1(e)(1) elected and kept: released within 14 hours (16 under 395.1(o)), so no 30-minute break is due. */
  shortHaul: boolean;
};

type ShiftFacts = { firstOnDutyMs: number | null; lastOnDutyEndMs: number; claimsSixteenHour: boolean; restartBefore: boolean };

const dayNumber = (calendar: DriverCalendar, instantMs: number) => Date.parse(calendar.dayContaining(instantMs).date) / DAY_MS;

/**
 * The exceptions of each shift (from one 10-hour reset to the end of the next), by segment index; the last entry is
 * the shift in progress or, after a reset, the next one. The 16-hour exception is granted when not taken in the
 * previous 6 days, unless a 34-hour restart came since (395.1(o)(3)).
 */
export const decideShiftExceptions = ({
  segments,
  restBlocks,
  calendar,
  shortHaulElected,
}: {
  segments: readonly Segment[];
  restBlocks: RestBlocksBySegmentEnd;
  calendar: DriverCalendar;
  shortHaulElected: boolean;
}) => {
  const newShift = (restartBefore: boolean): ShiftFacts => ({ firstOnDutyMs: null, lastOnDutyEndMs: 0, claimsSixteenHour: false, restartBefore });
  const facts: ShiftFacts[] = [newShift(true)];
  const shiftOfSegment = segments.map((segment, index) => {
    const shiftIndex = facts.length - 1;
    const shift = facts[shiftIndex];
    shift.claimsSixteenHour ||= segment.sixteenHourException;
    if (!isRestStatus(segment.status)) {
      shift.firstOnDutyMs ??= segment.startMs;
      shift.lastOnDutyEndMs = segment.endMs;
    }
    const block = restBlocks.get(index);
    if (block?.resetsShift) facts.push(newShift(block.durationMs >= CYCLE_RESTART_MS));
    return shiftIndex;
  });

  let lastGrantedDay: number | null = null;
  let restartSinceGranted = false;
  const shifts = facts.map(({ firstOnDutyMs, lastOnDutyEndMs, claimsSixteenHour, restartBefore }): ShiftExceptions => {
    restartSinceGranted ||= restartBefore;
    let sixteenHour = false;
    if (claimsSixteenHour && firstOnDutyMs !== null) {
      const day = dayNumber(calendar, firstOnDutyMs);
      sixteenHour = lastGrantedDay === null || restartSinceGranted || day - lastGrantedDay >= 7;
      if (sixteenHour) [lastGrantedDay, restartSinceGranted] = [day, false];
    }
    const releasedWithinMs = sixteenHour ? SIXTEEN_HOUR_WINDOW_MS : SHIFT_WINDOW_MS;
    const shortHaul = shortHaulElected && (firstOnDutyMs === null || lastOnDutyEndMs - firstOnDutyMs <= releasedWithinMs);
    return { sixteenHour, shortHaul };
  });
  return { shiftOfSegment, shifts };
};
