import { DUTY_STATUS_NAMES } from "./duty-status-names";
import { HosInputError } from "./hos-input-error";
import { CYCLE_RULES } from "./rules";
import type { DriverCalendarOptions, DutyStatusEntry, HosExceptions, HosRuleset } from "./types";

const describe = (value: unknown) => (typeof value === "string" ? `"${value}"` : value === null ? "null" : typeof value);
const oneOf = (values: readonly string[]) => values.map((value) => `"${value}"`).join(", ");

const knownTimezones = new Set<string>();
const isTimezone = (timezone: string) => {
  if (knownTimezones.has(timezone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
  } catch {
    return false;
  }
  knownTimezones.add(timezone);
  return true;
};

/** A Date holding a real instant: ISO strings, numbers and `new Date("garbage")` are refused. */
export const checkDate = (value: unknown, field: string) => {
  if (!(value instanceof Date)) throw new HosInputError(field, `expected a Date, got ${describe(value)}`);
  if (Number.isNaN(value.getTime())) throw new HosInputError(field, "an invalid Date");
};

const checkOptionalBoolean = (value: unknown, field: string) => {
  if (value !== undefined && typeof value !== "boolean") throw new HosInputError(field, `expected true or false, got ${describe(value)}`);
};

const checkEntry = (entry: DutyStatusEntry, index: number) => {
  const field = `log[${index}]`;
  if (typeof entry !== "object" || entry === null) throw new HosInputError(field, `expected a duty-status entry, got ${describe(entry)}`);
  if (!Object.hasOwn(DUTY_STATUS_NAMES, entry.status)) {
    throw new HosInputError(`${field}.status`, `${describe(entry.status)} is not one of ${oneOf(Object.keys(DUTY_STATUS_NAMES))}`);
  }
  checkDate(entry.startTime, `${field}.startTime`);
  const { vehicleId, distanceMeters } = entry;
  if (vehicleId !== undefined && vehicleId !== null && typeof vehicleId !== "string") {
    throw new HosInputError(`${field}.vehicleId`, `expected a string or null, got ${describe(vehicleId)}`);
  }
  if (distanceMeters !== undefined && distanceMeters !== null && !(Number.isFinite(distanceMeters) && distanceMeters >= 0)) {
    throw new HosInputError(`${field}.distanceMeters`, "expected a finite number of meters ≥ 0 or null");
  }
  checkOptionalBoolean(entry.adverseDriving, `${field}.adverseDriving`);
  checkOptionalBoolean(entry.sixteenHourException, `${field}.sixteenHourException`);
};

export type EngineInput = { log: readonly DutyStatusEntry[]; ruleset: HosRuleset; exceptions?: HosExceptions } & DriverCalendarOptions;

/** Refuses, naming the field, what the replay would otherwise misread (an unknown status read as on duty, say). */
export const checkEngineInput = ({ log, ruleset, timezone, dayStartHour, exceptions }: EngineInput) => {
  if (!Array.isArray(log)) throw new HosInputError("log", `expected an array of duty-status entries, got ${describe(log)}`);
  log.forEach(checkEntry);
  if (!Object.hasOwn(CYCLE_RULES, ruleset)) throw new HosInputError("ruleset", `${describe(ruleset)} is not one of ${oneOf(Object.keys(CYCLE_RULES))}`);
  if (timezone !== undefined && (typeof timezone !== "string" || !isTimezone(timezone))) {
    throw new HosInputError("timezone", `${describe(timezone)} is not an IANA time zone such as "America/Chicago"`);
  }
  if (dayStartHour !== undefined && !(Number.isInteger(dayStartHour) && dayStartHour >= 0 && dayStartHour <= 23)) {
    throw new HosInputError("dayStartHour", `expected a whole hour from 0 to 23, got ${String(dayStartHour)}`);
  }
  if (exceptions !== undefined) {
    if (typeof exceptions !== "object" || exceptions === null) throw new HosInputError("exceptions", `expected an object, got ${describe(exceptions)}`);
    checkOptionalBoolean(exceptions.shortHaul, "exceptions.shortHaul");
  }
};

/** `from` and `to` are Dates and `from` is not after `to`. */
export const checkRange = ({ from, to }: { from: Date; to: Date }) => {
  checkDate(from, "from");
  checkDate(to, "to");
  if (from.getTime() > to.getTime()) throw new HosInputError("from", 'after "to"');
};
