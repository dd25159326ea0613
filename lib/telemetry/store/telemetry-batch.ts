import { DATASETS, ENGINE_STATES, type EngineState } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { Tenant } from "@/lib/platform/tenant";
import { getConfig } from "@/lib/platform/config";
import type { SafetyEventReport } from "./safety-events";

/** Clocks drift; a point stamped further than this in the future is a device bug, not data. */
export const MAX_FUTURE_MS = 86_400_000;

/** What every telemetry record carries: its tenant, vehicle and time. */
export type TelemetryRecord = Tenant & { vehicleId: number; time: Date };

/** One GPS fix. Speed in m/s, heading in degrees clockwise from north, distance in meters. */
export type PositionReport = TelemetryRecord & {
  latitude: number;
  longitude: number;
  speed?: number | null;
  heading?: number | null;
  altitude?: number | null;
  hdop?: number | null;
  satellites?: number | null;
  accuracy?: number | null;
  /** Meters since the vehicle's previous point; computed (great circle) when omitted. */
  distance?: number | null;
  battery?: number | null;
};

/** One CAN/ECU sample; omitted fields keep the vehicle's last known value in `vehicle_state`. */
export type StatSample = TelemetryRecord & {
  engineRpm?: number | null;
  fuelPercent?: number | null;
  odometerMeters?: number | null;
  engineSeconds?: number | null;
  speed?: number | null;
  engineState?: EngineState | null;
  /** The vehicle's supply voltage as a hardware tracker measures it (Samsara's `batteryMilliVolts`). */
  batteryMilliVolts?: number | null;
  /** Samsara's stat types of the same names, in their units (millidegrees Celsius, percent, thousandths of a percent). */
  engineCoolantTemperatureMilliC?: number | null;
  ambientAirTemperatureMilliC?: number | null;
  engineLoadPercent?: number | null;
  defLevelMilliPercent?: number | null;
  /** The tracker's own (GPS) distance counter, meters; `odometerMeters` is the ECU's. */
  gpsOdometerMeters?: number | null;
  /** The ECU's fuel-used counter, milliliters. */
  fuelConsumedMilliliters?: number | null;
  /** The tracker's digital inputs 1 to 3, on or off (Samsara's `auxInput1`..`auxInput3`). */
  auxInput1?: boolean | null;
  auxInput2?: boolean | null;
  auxInput3?: boolean | null;
};

/**
 * Positions, stat samples and/or safety events (safety-events.ts: harsh driving and crashes the devices report)
 * for vehicles of one or more tenants.
 */
export type TelemetryBatch = { positions?: PositionReport[]; stats?: StatSample[]; events?: SafetyEventReport[] };

/** A field's value as a record carries it. */
export type Cell = string | number | boolean | null | undefined;

/** A field of a record as ingestion checks, sends and stores it: its name, and its allowed values. */
export type RecordField<R> = {
  name: keyof R & string;
  /** Where it is stored: its column, and the type it is sent to PostgreSQL as. */
  column: string;
  type: "int2" | "real" | "float8" | "text" | "bool";
  range?: { min: number; max: number; integer?: boolean; required?: boolean };
  oneOf?: readonly string[];
};

export const POSITION_FIELDS: RecordField<PositionReport>[] = [
  { name: "latitude", column: "latitude", type: "float8", range: { min: -90, max: 90, required: true } },
  { name: "longitude", column: "longitude", type: "float8", range: { min: -180, max: 180, required: true } },
  { name: "speed", column: "speed", type: "real", range: { min: 0, max: 150 } },
  { name: "heading", column: "heading", type: "real", range: { min: 0, max: 360 } },
  { name: "altitude", column: "altitude", type: "real", range: { min: -1_000, max: 20_000 } },
  { name: "hdop", column: "hdop", type: "real", range: { min: 0, max: 100 } },
  { name: "satellites", column: "satellites", type: "int2", range: { min: 0, max: 255, integer: true } },
  { name: "accuracy", column: "accuracy", type: "real", range: { min: 0, max: 100_000 } },
  { name: "distance", column: "distance", type: "real", range: { min: 0, max: 10_000_000 } },
  { name: "battery", column: "battery", type: "real", range: { min: 0, max: 100 } },
];

export const STAT_FIELDS: RecordField<StatSample>[] = [
  { name: "engineRpm", column: "engine_rpm", type: "real", range: { min: 0, max: 20_000 } },
  { name: "fuelPercent", column: "fuel_percent", type: "real", range: { min: 0, max: 100 } },
  { name: "odometerMeters", column: "odometer_meters", type: "float8", range: { min: 0, max: 1e10 } },
  { name: "engineSeconds", column: "engine_seconds", type: "float8", range: { min: 0, max: 1e10 } },
  { name: "speed", column: "speed", type: "real", range: { min: 0, max: 150 } },
  { name: "engineState", column: "engine_state", type: "text", oneOf: ENGINE_STATES },
  { name: "batteryMilliVolts", column: "battery_milli_volts", type: "real", range: { min: 0, max: 100_000 } },
  { name: "engineCoolantTemperatureMilliC", column: "engine_coolant_temperature_milli_c", type: "real", range: { min: -60_000, max: 250_000 } },
  { name: "ambientAirTemperatureMilliC", column: "ambient_air_temperature_milli_c", type: "real", range: { min: -80_000, max: 100_000 } },
  { name: "engineLoadPercent", column: "engine_load_percent", type: "real", range: { min: 0, max: 100 } },
  { name: "defLevelMilliPercent", column: "def_level_milli_percent", type: "real", range: { min: 0, max: 100_000 } },
  { name: "gpsOdometerMeters", column: "gps_odometer_meters", type: "float8", range: { min: 0, max: 1e10 } },
  { name: "fuelConsumedMilliliters", column: "fuel_consumed_milliliters", type: "float8", range: { min: 0, max: 1e13 } },
  { name: "auxInput1", column: "aux_input_1", type: "bool" },
  { name: "auxInput2", column: "aux_input_2", type: "bool" },
  { name: "auxInput3", column: "aux_input_3", type: "bool" },
];

/** Names the record in an error ("positions[3]"); a function, so that a batch of good records builds no names. */
export type RecordName = () => string;

const bad = (where: RecordName, field: string, message: string) => new AppError("bad_request", `${where()}.${field} ${message}`);

/** Why `value` is not allowed for `field` (the end of a sentence naming the field), or undefined when it is. */
export const fieldProblem = <R>({ type, range, oneOf }: RecordField<R>, value: Cell): string | undefined => {
  if (value === undefined || value === null) return range?.required ? "is required." : undefined;
  if (type === "bool") return typeof value === "boolean" ? undefined : "must be true or false.";
  if (oneOf) return oneOf.includes(value as string) ? undefined : `must be one of ${oneOf.join(", ")}.`;
  if (!range) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number.";
  if (value < range.min || value > range.max) return `must be between ${range.min} and ${range.max}.`;
  if (range.integer && !Number.isInteger(value)) return "must be an integer.";
  return undefined;
};

/** 400 naming the record and field unless `value` is allowed for `field`. */
const checkField = <R>(field: RecordField<R>, value: Cell, where: RecordName) => {
  const problem = fieldProblem(field, value);
  if (problem !== undefined) throw bad(where, field.name, problem);
};

/** Ids are PostgreSQL `integer`s: a larger one must be refused here, not wrapped on its way to the database. */
const MAX_ID = 2_147_483_647;
const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** Why a record's vehicle, tenant or time is not allowed, as [field, the end of a sentence], or undefined when they are. */
export const recordProblem = (record: TelemetryRecord, nowMs: number): [string, string] | undefined => {
  if (!isId(record.vehicleId)) return ["vehicleId", `must be a positive integer up to ${MAX_ID}.`];
  if (!isId(record.companyId)) return ["companyId", `must be a positive integer up to ${MAX_ID}.`];
  if (!DATASETS.includes(record.dataset)) return ["dataset", `must be one of ${DATASETS.join(", ")}.`];
  const time = record.time instanceof Date ? record.time.getTime() : NaN;
  if (!Number.isFinite(time)) return ["time", "must be a valid time."];
  if (time > nowMs + MAX_FUTURE_MS) return ["time", "is more than 1 day in the future."];
  // Telemetry older than the partitions' retention is refused.
  const { RETENTION_DAYS } = getConfig();
  if (time < nowMs - RETENTION_DAYS * 86_400_000) return ["time", `is older than the ${RETENTION_DAYS}-day retention.`];
  return undefined;
};

/** 400 naming the record and field unless its vehicle, tenant and time are allowed. */
const checkRecord = (record: TelemetryRecord, where: RecordName, nowMs: number) => {
  const problem = recordProblem(record, nowMs);
  if (problem) throw bad(where, ...problem);
};

/** 400 naming `where` and the field, for the first bad value of one record. */
export const validateRecord = <R extends TelemetryRecord>(record: R, fields: readonly RecordField<R>[], where: RecordName, nowMs: number) => {
  checkRecord(record, where, nowMs);
  for (const field of fields) checkField(field, record[field.name] as Cell, where);
};

/** 400 naming `where` (e.g. "point") and the field, for the first bad value of one position. */
export const validatePositionReport = (position: PositionReport, where: RecordName, nowMs: number) => validateRecord(position, POSITION_FIELDS, where, nowMs);

/** 400 naming `where` and the field, for the first bad value of one stat sample. */
export const validateStatSample = (sample: StatSample, where: RecordName, nowMs: number) => validateRecord(sample, STAT_FIELDS, where, nowMs);
