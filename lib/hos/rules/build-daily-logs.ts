import { checkEngineInput, checkRange, type EngineInput } from "./check-input";
import type { CalendarDay } from "./driver-calendar";
import type { CycleDaySnapshot } from "./cycle-replay";
import { replayLog } from "./replay-log";
import { isOnDutyStatus, type Segment } from "./timeline";
import type { DailyLog, DutyStatus } from "./types";

const emptyDurations = (): Record<DutyStatus, number> => ({
  offDuty: 0,
  sleeperBed: 0,
  driving: 0,
  onDuty: 0,
  yardMove: 0,
  personalConveyance: 0,
});

/** One day's totals from the segments overlapping it; time before the log and after the horizon is off duty. */
const summarizeDay = ({ day, segments, untilMs }: { day: CalendarDay; segments: readonly Segment[]; untilMs: number }) => {
  const durationsMs = emptyDurations();
  const vehicleIds = new Set<string>();
  let distanceMeters: number | null = null;
  let coveredMs = 0;
  for (const segment of segments) {
    const overlapMs = Math.min(segment.endMs, day.endMs) - Math.max(segment.startMs, day.startMs);
    if (overlapMs <= 0) continue;
    durationsMs[segment.status] += overlapMs;
    coveredMs += overlapMs;
    if (segment.vehicleId !== null) vehicleIds.add(segment.vehicleId);
    if (segment.status === "driving" && segment.distanceMeters !== null) {
      distanceMeters = (distanceMeters ?? 0) + (segment.distanceMeters * overlapMs) / (segment.endMs - segment.startMs);
    }
  }
  durationsMs.offDuty += Math.max(0, Math.min(day.endMs, untilMs) - day.startMs - coveredMs);
  const onDutyMs = (Object.keys(durationsMs) as DutyStatus[]).filter(isOnDutyStatus).reduce((total, status) => total + durationsMs[status], 0);
  return { durationsMs, onDutyMs, vehicleIds: [...vehicleIds], distanceMeters };
};

/**
 * Daily logs of the driver's days overlapping [from, to): per-status durations (up to `to` on the last day), vehicles,
 * distance driven and the cycle recap. Segments are visited with a moving start index, so the pass stays linear.
 * Throws `HosInputError` naming the field it cannot understand.
 */
export const buildDailyLogs = ({ from, to, ...input }: EngineInput & { from: Date; to: Date }): DailyLog[] => {
  checkEngineInput(input);
  checkRange({ from, to });
  const untilMs = to.getTime();
  const { segments, calendar, cycle } = replayLog({ ...input, fromMs: from.getTime(), untilMs });
  const snapshotsByDate = new Map<string, CycleDaySnapshot>(cycle.snapshots.map((snapshot) => [snapshot.day.date, snapshot]));
  const dailyLogs: DailyLog[] = [];
  let firstSegment = 0;
  for (let day = calendar.dayContaining(from.getTime()); day.startMs < untilMs; day = calendar.dayAfter(day)) {
    while (firstSegment < segments.length && segments[firstSegment].endMs <= day.startMs) firstSegment++;
    const daySegments = [];
    for (let index = firstSegment; index < segments.length && segments[index].startMs < day.endMs; index++) {
      daySegments.push(segments[index]);
    }
    const snapshot = snapshotsByDate.get(day.date);
    if (!snapshot) throw new Error(`No cycle snapshot for ${day.date}`);
    dailyLogs.push({
      date: day.date,
      startTime: new Date(day.startMs),
      endTime: new Date(day.endMs),
      ...summarizeDay({ day, segments: daySegments, untilMs }),
      recap: { cycleDays: snapshot.cycleDays, cycleUsedMs: snapshot.cycleUsedMs, availableTomorrowMs: snapshot.availableTomorrowMs },
    });
  }
  return dailyLogs;
};
