import type { DutyStatus, DutyStatusEntry } from "./types";

/** One entry of the log, bounded by the next entry's start (or the horizon). */
export type Segment = {
  status: DutyStatus;
  startMs: number;
  endMs: number;
  vehicleId: string | null;
  adverseDriving: boolean;
  sixteenHourException: boolean;
  distanceMeters: number | null;
};

/** Personal conveyance is off duty (395.8 guidance); together with sleeper berth these are rest. */
export const isRestStatus = (status: DutyStatus) => status === "offDuty" || status === "sleeperBed" || status === "personalConveyance";

/** Driving, on duty and yard move (on duty not driving) all count as on-duty time. */
export const isOnDutyStatus = (status: DutyStatus) => !isRestStatus(status);

/**
 * The log as contiguous segments up to `untilMs`, sorted by start time (ties keep input order, the later entry wins).
 * Entries at or after the horizon are ignored; the last entry lasts until the horizon.
 */
export const buildTimeline = ({ log, untilMs }: { log: readonly DutyStatusEntry[]; untilMs: number }): Segment[] => {
  const entries = log.filter((entry) => entry.startTime.getTime() < untilMs).sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const segments: Segment[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    const startMs = entry.startTime.getTime();
    const endMs = index + 1 < entries.length ? entries[index + 1].startTime.getTime() : untilMs;
    if (endMs <= startMs) continue;
    segments.push({
      status: entry.status,
      startMs,
      endMs,
      vehicleId: entry.vehicleId ?? null,
      adverseDriving: entry.adverseDriving === true,
      sixteenHourException: entry.sixteenHourException === true,
      distanceMeters: entry.distanceMeters ?? null,
    });
  }
  return segments;
};
