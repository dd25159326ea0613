/**
 * Hours of service for property-carrying drivers (49 CFR 395): pure functions over a driver's duty-status log.
 * This module imports nothing outside lib/hos/rules, so other programs can use it as it is (docs/hos.md shows how).
 */
export { computeHosClocks } from "./compute-hos-clocks";
export { findHosViolations } from "./find-hos-violations";
export { buildDailyLogs } from "./build-daily-logs";
export { DUTY_STATUS_NAMES } from "./duty-status-names";
export { HosInputError } from "./hos-input-error";
export type {
  DailyLog,
  DailyLogRecap,
  DriverCalendarOptions,
  DutyStatus,
  DutyStatusEntry,
  HosClocks,
  HosExceptions,
  HosRuleset,
  HosViolation,
  HosViolationType,
} from "./types";
