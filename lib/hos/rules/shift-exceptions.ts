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

type ShiftFacts = {
  firstOnDutyMs: number | null;
  lastOnDutyEndMs: number;
  lastDrivingEndMs: number;
  claimsSixteenHour: boolean;
  restartBefore: boolean;
};

const dayNumber = (calendar: DriverCalendar, instantMs: number) => Date.parse(calendar.dayContaining(instantMs).date) / DAY_MS;

/**
 * The exceptions of each shift (from one 10-hour reset to the end of the next), by segment index; the last entry is
 * the shift in progress or, after a reset, the next one. A claimed 16-hour exception is granted unless taken in the
 * previous 6 days with no 34-hour restart since (395.1(o)(3)); it is taken only by driving after the 14th hour.
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
  const newShift = (restartBefore: boolean): ShiftFacts => ({
    firstOnDutyMs: null,
    lastOnDutyEndMs: 0,
    lastDrivingEndMs: 0,
    claimsSixteenHour: false,
    restartBefore,
  });
  const facts: ShiftFacts[] = [newShift(true)];
  const shiftOfSegment = segments.map((segment, index) => {
    const shiftIndex = facts.length - 1;
    const shift = facts[shiftIndex];
    shift.claimsSixteenHour ||= segment.sixteenHourException;
    if (!isRestStatus(segment.status)) {
      shift.firstOnDutyMs ??= segment.startMs;
      shift.lastOnDutyEndMs = segment.endMs;
      if (segment.status === "driving") shift.lastDrivingEndMs = segment.endMs;
    }
    const block = restBlocks.get(index);
    if (block?.resetsShift) facts.push(newShift(block.durationMs >= CYCLE_RESTART_MS));
    return shiftIndex;
  });

  let lastTakenDay: number | null = null;
  let restartSinceTaken = false;
  const shifts = facts.map(({ firstOnDutyMs, lastOnDutyEndMs, lastDrivingEndMs, claimsSixteenHour, restartBefore }): ShiftExceptions => {
    restartSinceTaken ||= restartBefore;
    let sixteenHour = false;
    if (claimsSixteenHour && firstOnDutyMs !== null) {
      const day = dayNumber(calendar, firstOnDutyMs);
      sixteenHour = lastTakenDay === null || restartSinceTaken || day - lastTakenDay >= 7;
      if (sixteenHour && lastDrivingEndMs > firstOnDutyMs + SHIFT_WINDOW_MS) [lastTakenDay, restartSinceTaken] = [day, false];
    }
    const releasedWithinMs = sixteenHour ? SIXTEEN_HOUR_WINDOW_MS : SHIFT_WINDOW_MS;
    const shortHaul = shortHaulElected && (firstOnDutyMs === null || lastOnDutyEndMs - firstOnDutyMs <= releasedWithinMs);
    return { sixteenHour, shortHaul };
  });
  return { shiftOfSegment, shifts };
};
