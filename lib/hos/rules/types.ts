/** A driver's duty status, as recorded on the ELD (49 CFR 395.8). */
export type DutyStatus = "offDuty" | "sleeperBed" | "driving" | "onDuty" | "yardMove" | "personalConveyance";

/** One duty-status change: the status holds from `startTime` until the next entry's `startTime`. */
export type DutyStatusEntry = {
  status: DutyStatus;
  startTime: Date;
  vehicleId?: string | null;
  /** Claimed on a driving entry: the adverse-driving exception (395.1(b)) extends that shift's 11 h and 14 h by 2 h. */
  adverseDriving?: boolean;
  /**
   * Claimed on any entry of a duty period: the 16-hour exception (395.1(o)) widens that period's 14-hour window to 16 h,
   * granted once per 7 days (or after a 34-hour restart).
   */
  sixteenHourException?: boolean;
  /** Distance the vehicle covered during this entry; only driving entries count towards a day's distance driven. */
  distanceMeters?: number | null;
};

/** Property-carrying cycle: 70 hours in 8 days or 60 hours in 7 days (395.3(b)). */
export type HosRuleset = "us70_8" | "us60_7";

/** The carrier's elections for the driver. */
export type HosExceptions = {
  /**
   * The 150 air-mile short-haul exception (395.1(e)(1)): no 30-minute break (395.3(a)(3)(ii)) in a duty period that
   * ends within 14 hours of its start (16 under 395.1(o)); a longer one loses the exception.
   */
  shortHaul?: boolean;
};

/** The driver's calendar: days start at `dayStartHour` local time in the IANA `timezone` (home terminal time). */
export type DriverCalendarOptions = { timezone?: string; dayStartHour?: number };

export type HosClocks = {
  currentStatus: DutyStatus;
  /** When the current run of this status began; null when the log has no entry at or before the instant. */
  currentStatusStartedAt: Date | null;
  driveRemainingMs: number;
  shiftRemainingMs: number;
  timeUntilBreakMs: number;
  cycleRemainingMs: number;
  /** First on-duty time after the latest 34-hour restart (or after the start of the log); null if none since. */
  cycleStartedAt: Date | null;
  /** Cycle hours available at the start of the driver's next day if the driver is off duty until then. */
  cycleTomorrowMs: number;
};

export type HosViolationType = "shiftDrivingHours" | "shiftHours" | "restbreakMissed" | "cycleHoursOn";

/** Driving past a limit: `durationMs` is the driving time spent over it. */
export type HosViolation = { type: HosViolationType; startTime: Date; durationMs: number; driverId?: string };

export type DailyLogRecap = {
  /** On-duty time of each day of the cycle window ending with this day, oldest first; days before a 34 h restart count 0. */
  cycleDays: { date: string; onDutyMs: number }[];
  cycleUsedMs: number;
  availableTomorrowMs: number;
};

export type DailyLog = {
  /** Local date (YYYY-MM-DD) on which the driver's day starts. */
  date: string;
  startTime: Date;
  endTime: Date;
  durationsMs: Record<DutyStatus, number>;
  /** Driving + on duty + yard move. */
  onDutyMs: number;
  vehicleIds: string[];
  /** Sum of the driving entries' `distanceMeters` (prorated when an entry spans days); null if none reported any. */
  distanceMeters: number | null;
  recap: DailyLogRecap;
};
