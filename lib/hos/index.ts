/** Hours of service for property-carrying drivers (49 CFR 395.3): pure functions over a driver's duty-status log. */
export { computeHosClocks } from "./compute-hos-clocks";
export { findHosViolations } from "./find-hos-violations";
export { buildDailyLogs } from "./build-daily-logs";
export { DUTY_STATUS_NAMES } from "./duty-status-names";
export type {
  DailyLog,
  DailyLogRecap,
  DriverCalendarOptions,
  DutyStatus,
  DutyStatusEntry,
  HosClocks,
  HosRuleset,
  HosViolation,
  HosViolationType,
} from "./types";
