import type { CalendarDay, DriverCalendar } from "./driver-calendar";
import { CYCLE_RESTART_MS, HOUR_MS, type CycleRule } from "./rules";
import { isRestStatus, type Segment } from "./timeline";
import { createViolationTracker } from "./violation-tracker";

const DAY_MS = 24 * HOUR_MS;

type CycleDay = { day: CalendarDay; onDutyMs: number };

/** The cycle as of the end of a day (or of the horizon on the last day). */
export type CycleDaySnapshot = {
  day: CalendarDay;
  cycleDays: { date: string; onDutyMs: number }[];
  cycleUsedMs: number;
  availableTomorrowMs: number;
};

const sumOnDuty = (days: readonly CycleDay[]) => days.reduce((total, { onDutyMs }) => total + onDutyMs, 0);

/**
 * Replays the 60/7 or 70/8 cycle (395.3(b)) day by day in the driver's calendar, with the 34-hour restart (395.3(c)).
 * The cycle window at an instant is its day plus the previous 6 or 7 days; time before the log is off duty.
 */
export const replayCycle = ({
  segments,
  rule,
  calendar,
  fromMs,
  untilMs,
}: {
  segments: readonly Segment[];
  rule: CycleRule;
  calendar: DriverCalendar;
  fromMs: number;
  untilMs: number;
}) => {
  const violations = createViolationTracker("cycleHoursOn");
  const snapshots: CycleDaySnapshot[] = [];
  const firstMs = Math.min(fromMs, untilMs, segments[0]?.startMs ?? Infinity);
  // Start a full cycle window early so every recap lists all its days (24 h steps suffice: the window is trimmed).
  let days: CycleDay[] = [{ day: calendar.dayContaining(firstMs - (rule.days - 1) * DAY_MS), onDutyMs: 0 }];
  // When the current rest began (null while on duty); the unknown history before the log is rest without a start.
  let restStartedMs: number | null = -Infinity;
  let cycleStartedAtMs: number | null = null;

  const today = () => days[days.length - 1];
  const restSoFarMs = (instantMs: number) => (restStartedMs === null ? 0 : instantMs - restStartedMs);
  const restartDueBy = (instantMs: number) => restSoFarMs(instantMs) >= CYCLE_RESTART_MS;

  const applyRestart = () => {
    for (const day of days) day.onDutyMs = 0;
    cycleStartedAtMs = null;
  };

  const availableTomorrowAt = (instantMs: number) => {
    // Assumes the driver stays off duty until tomorrow, which may complete a restart by then.
    const restByTomorrowMs = restSoFarMs(instantMs) + (today().day.endMs - instantMs);
    if (restByTomorrowMs >= CYCLE_RESTART_MS) return rule.limitMs;
    return Math.max(0, rule.limitMs - sumOnDuty(days.slice(-(rule.days - 1))));
  };

  const snapshotAt = (instantMs: number) =>
    snapshots.push({
      day: today().day,
      cycleDays: days.map(({ day, onDutyMs }) => ({ date: day.date, onDutyMs })),
      cycleUsedMs: sumOnDuty(days),
      availableTomorrowMs: availableTomorrowAt(instantMs),
    });

  /** Closes every day that ends at or before `instantMs`. */
  const advanceTo = (instantMs: number) => {
    while (today().day.endMs <= instantMs) {
      if (restartDueBy(today().day.endMs)) applyRestart();
      snapshotAt(today().day.endMs);
      days.push({ day: calendar.dayAfter(today().day), onDutyMs: 0 });
      if (days.length > rule.days) days = days.slice(-rule.days);
    }
  };

  advanceTo(firstMs);
  segments.forEach((segment, index) => {
    if (isRestStatus(segment.status)) {
      if (index > 0 && !isRestStatus(segments[index - 1].status)) restStartedMs = segment.startMs;
      advanceTo(segment.endMs);
      if (restartDueBy(segment.endMs)) applyRestart();
      return;
    }
    restStartedMs = null;
    cycleStartedAtMs ??= segment.startMs;
    let startMs = segment.startMs;
    while (startMs < segment.endMs) {
      advanceTo(startMs);
      const endMs = Math.min(segment.endMs, today().day.endMs);
      if (segment.status === "driving") {
        violations.recordDriving({ startMs, durationMs: endMs - startMs, usedMs: sumOnDuty(days), limitMs: rule.limitMs });
      }
      today().onDutyMs += endMs - startMs;
      startMs = endMs;
    }
  });
  advanceTo(untilMs);
  if (restartDueBy(untilMs)) applyRestart();
  snapshotAt(untilMs);

  return {
    usedMs: sumOnDuty(days),
    cycleStartedAtMs,
    availableTomorrowMs: availableTomorrowAt(untilMs),
    snapshots,
    violations: violations.violations,
  };
};
