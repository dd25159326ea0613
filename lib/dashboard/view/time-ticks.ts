import { dayInZone, formatCalendarDay, formatTime, fromLocalInput, isoInZone } from "@/lib/platform/zoned-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick spacings a reader can count in: whole minutes, hours or days. */
const STEPS = [MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY];

/** Wall-clock milliseconds since the zone's midnight: the offset ticks are rounded against. */
const sinceLocalMidnight = (ms: number, timeZone: string) => {
  const [hours, minutes, seconds] = isoInZone(ms, timeZone).slice(11, 19).split(":").map(Number);
  return (hours * 3600 + minutes * 60 + seconds) * 1000 + (ms % 1000);
};

/**
 * Ticks for a time axis from `from` to `to`: at most `maxTicks`, on round wall-clock times in the
 * company's zone (14:00, 14:30; or midnights for multi-day spans), never at the data's odd edges.
 */
export const timeTicks = ({ from, to, timeZone, maxTicks = 6 }: { from: number; to: number; timeZone: string; maxTicks?: number }): number[] => {
  const span = to - from;
  if (!(span > 0)) return [];
  const step = STEPS.find((candidate) => span / candidate <= maxTicks) ?? Math.ceil(span / maxTicks / DAY) * DAY;
  const ticks: number[] = [];
  if (step >= DAY) {
    // Local midnights, every `step / DAY` days.
    // A local day lasts 23 to 25 hours, so a midnight plus 26 hours is always within the next day.
    const nextMidnight = (midnight: number) => fromLocalInput(dayInZone(midnight + DAY + 2 * HOUR, timeZone), timeZone).getTime();
    let midnight = fromLocalInput(dayInZone(from, timeZone), timeZone).getTime();
    if (midnight < from) midnight = nextMidnight(midnight);
    for (let index = 0; midnight <= to; index += 1, midnight = nextMidnight(midnight)) {
      if (index % (step / DAY) === 0) ticks.push(midnight);
    }
    return ticks;
  }
  const first = from + ((step - (sinceLocalMidnight(from, timeZone) % step)) % step);
  for (let tick = first; tick <= to; tick += step) ticks.push(tick);
  return ticks;
};

/** A tick's label: the time ("14:30") within two days, the day ("Sat, Nov 21") beyond. */
export const timeTickLabel =
  ({ spanMs, timeZone }: { spanMs: number; timeZone: string }) =>
  (ms: number) =>
    spanMs > 2 * DAY ? formatCalendarDay(dayInZone(ms, timeZone)) : formatTime(ms, timeZone, { zone: false });
