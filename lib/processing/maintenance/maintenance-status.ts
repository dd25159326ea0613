import type { MaintenanceStatus } from "@/db/schema";

/** A program's intervals: whichever set one comes first. */
export type ProgramIntervals = { intervalMeters: number | null; intervalEngineHours: number | null; intervalMonths: number | null };
/** The last service: when, and the odometer and engine seconds then (null: not known yet). */
export type ServicePoint = { serviceAt: Date; serviceOdometerMeters: number | null; serviceEngineSeconds: number | null };
/** The vehicle's latest readings. */
export type Readings = { odometerMeters: number | null; engineSeconds: number | null };

/** A service is "due soon" when any of its intervals has less than this share left (docs/decisions.md, "Preventive maintenance"). */
export const DUE_SOON_SHARE = 0.1;

/** The same day of the month `months` later (the month's last day when it has fewer days), UTC. */
export const addMonths = (date: Date, months: number) => {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
};

/** Where the next service falls on each interval, and how much of each is left (negative: past it). */
export type DuePoint = {
  status: MaintenanceStatus;
  dueOdometerMeters: number | null;
  dueEngineHours: number | null;
  dueAt: Date | null;
  /** Left before the service is due; null where the interval is not set or the reading not known. */
  metersLeft: number | null;
  engineHoursLeft: number | null;
  msLeft: number | null;
};

/**
 * A vehicle's status on a program: overdue when any interval is used up, due soon when any has less
 * than 10 % left, else ok. An interval whose reading is not known (no odometer reported yet) counts as
 * nothing used of it; the months always count.
 */
export const duePointOf = ({
  program,
  service,
  readings,
  now,
}: {
  program: ProgramIntervals;
  service: ServicePoint;
  readings: Readings;
  now: Date;
}): DuePoint => {
  const dueOdometerMeters =
    program.intervalMeters !== null && service.serviceOdometerMeters !== null ? service.serviceOdometerMeters + program.intervalMeters : null;
  const dueEngineHours =
    program.intervalEngineHours !== null && service.serviceEngineSeconds !== null ? service.serviceEngineSeconds / 3600 + program.intervalEngineHours : null;
  const dueAt = program.intervalMonths !== null ? addMonths(service.serviceAt, program.intervalMonths) : null;
  const metersLeft = dueOdometerMeters !== null && readings.odometerMeters !== null ? dueOdometerMeters - readings.odometerMeters : null;
  // Subtracted in seconds, then converted: hours from seconds are inexact, and a reading exactly at the due
  // point left 2e-13 h "to go" (due soon, not overdue) in the maintenance benchmark.
  const engineHoursLeft =
    dueEngineHours !== null && readings.engineSeconds !== null
      ? (service.serviceEngineSeconds! + program.intervalEngineHours! * 3600 - readings.engineSeconds) / 3600
      : null;
  const msLeft = dueAt !== null ? dueAt.getTime() - now.getTime() : null;
  const shares = [
    metersLeft !== null ? metersLeft / program.intervalMeters! : null,
    engineHoursLeft !== null ? engineHoursLeft / program.intervalEngineHours! : null,
    msLeft !== null && dueAt !== null ? msLeft / Math.max(1, dueAt.getTime() - service.serviceAt.getTime()) : null,
  ].filter((share): share is number => share !== null);
  const least = Math.min(Infinity, ...shares);
  const status: MaintenanceStatus = least <= 0 ? "overdue" : least < DUE_SOON_SHARE ? "dueSoon" : "ok";
  return { status, dueOdometerMeters, dueEngineHours, dueAt, metersLeft, engineHoursLeft, msLeft };
};
