import type { DutyStatus, DutyStatusEntry } from "@/lib/hos/rules";

/** The four rows of an ELD graph (49 CFR 395.8(g)); PC is drawn on Off and YM on ON, as ELDs do. */
export const LOG_GRAPH_ROWS = ["offDuty", "sleeperBed", "driving", "onDuty"] as const;
export type LogGraphRow = (typeof LOG_GRAPH_ROWS)[number];

const ROW_OF_STATUS: Record<DutyStatus, LogGraphRow> = {
  offDuty: "offDuty",
  personalConveyance: "offDuty",
  sleeperBed: "sleeperBed",
  driving: "driving",
  onDuty: "onDuty",
  yardMove: "onDuty",
};

/** One stretch of the day in one status; `x1`/`x2` are fractions of the day's width. */
export type LogGraphSegment = { row: number; status: DutyStatus; start: Date; end: Date; x1: number; x2: number };

export type LogGraph = {
  segments: LogGraphSegment[];
  /** The stepped line as [x fraction, row index] points, ready to scale. */
  points: [number, number][];
  totalsMs: Record<LogGraphRow, number>;
  /** Hour ticks as fractions of the width (24 on most days, 23 or 25 on DST change days). */
  hourTicks: number[];
};

/**
 * Lays out one driver day [dayStart, dayEnd) of a duty-status log for an ELD graph. The status in
 * force at dayStart is the last entry before it; nothing is drawn before the first entry or after
 * `until` (the present, for today).
 */
export const buildLogGraph = ({ log, dayStart, dayEnd, until = dayEnd }: { log: DutyStatusEntry[]; dayStart: Date; dayEnd: Date; until?: Date }): LogGraph => {
  const from = dayStart.getTime();
  const to = Math.min(dayEnd.getTime(), until.getTime());
  const span = dayEnd.getTime() - from;
  const sorted = [...log].sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const segments: LogGraphSegment[] = [];
  const totalsMs: Record<LogGraphRow, number> = { offDuty: 0, sleeperBed: 0, driving: 0, onDuty: 0 };
  sorted.forEach((entry, i) => {
    const start = Math.max(entry.startTime.getTime(), from);
    const end = Math.min(i + 1 < sorted.length ? sorted[i + 1].startTime.getTime() : Infinity, to);
    if (end <= start) return;
    const rowName = ROW_OF_STATUS[entry.status];
    totalsMs[rowName] += end - start;
    const row = LOG_GRAPH_ROWS.indexOf(rowName);
    const previous = segments.at(-1);
    // Consecutive entries on one row (e.g. off duty then PC) are one horizontal stretch of the line.
    if (previous && previous.row === row && previous.end.getTime() === start && previous.status === entry.status) {
      previous.end = new Date(end);
      previous.x2 = (end - from) / span;
      return;
    }
    segments.push({ row, status: entry.status, start: new Date(start), end: new Date(end), x1: (start - from) / span, x2: (end - from) / span });
  });
  const points: [number, number][] = [];
  for (const segment of segments) {
    const last = points.at(-1);
    if (!last || last[0] !== segment.x1 || last[1] !== segment.row) points.push([segment.x1, segment.row]);
    points.push([segment.x2, segment.row]);
  }
  const hours = Math.round(span / 3_600_000);
  const hourTicks = Array.from({ length: hours + 1 }, (_, h) => (h * 3_600_000) / span);
  return { segments, points, totalsMs, hourTicks };
};
