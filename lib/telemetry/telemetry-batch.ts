import { DATASETS, ENGINE_STATES, type Dataset, type EngineState } from "@/db/schema";
import { AppError } from "@/lib/errors";

/** Telemetry older than this is past the partitions' retention (RETENTION_DAYS, default 400) and refused. */
export const RETENTION_DAYS = Number(process.env.RETENTION_DAYS ?? 400);
/** Clocks drift; a point stamped further than this in the future is a device bug, not data. */
export const MAX_FUTURE_MS = 86_400_000;

export type TelemetryTenant = { companyId: number; dataset: Dataset };

/** One GPS fix. Speed in m/s, heading in degrees clockwise from north, distance in meters. */
export type PositionReport = TelemetryTenant & {
  vehicleId: number;
  time: Date;
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
export type StatSample = TelemetryTenant & {
  vehicleId: number;
  time: Date;
  engineRpm?: number | null;
  fuelPercent?: number | null;
  odometerMeters?: number | null;
  engineSeconds?: number | null;
  speed?: number | null;
  engineState?: EngineState | null;
};

/** Positions and/or stat samples for vehicles of one or more tenants. */
export type TelemetryBatch = { positions?: PositionReport[]; stats?: StatSample[] };

/** A field's value as a record carries it. */
export type Cell = string | number | null | undefined;

/**
 * A field of a record as ingestion checks, sends and stores it: its name, a reader (one
 * property read per call site stays fast; `record[name]` with a changing name was most of the check's
 * ~1 µs a point), and its allowed values.
 */
export type RecordField<R> = {
  name: string;
  read: (record: R) => Cell;
  /** Where it is stored: its column, and the type it is sent to PostgreSQL as. */
  column: string;
  type: "int2" | "real" | "float8" | "text";
  range?: { min: number; max: number; integer?: boolean; required?: boolean };
  oneOf?: readonly string[];
};

export const POSITION_FIELDS: RecordField<PositionReport>[] = [
  { name: "latitude", column: "latitude", type: "float8", read: (p) => p.latitude, range: { min: -90, max: 90, required: true } },
  { name: "longitude", column: "longitude", type: "float8", read: (p) => p.longitude, range: { min: -180, max: 180, required: true } },
  { name: "speed", column: "speed", type: "real", read: (p) => p.speed, range: { min: 0, max: 150 } },
  { name: "heading", column: "heading", type: "real", read: (p) => p.heading, range: { min: 0, max: 360 } },
  { name: "altitude", column: "altitude", type: "real", read: (p) => p.altitude, range: { min: -1_000, max: 20_000 } },
  { name: "hdop", column: "hdop", type: "real", read: (p) => p.hdop, range: { min: 0, max: 100 } },
  { name: "satellites", column: "satellites", type: "int2", read: (p) => p.satellites, range: { min: 0, max: 255, integer: true } },
  { name: "accuracy", column: "accuracy", type: "real", read: (p) => p.accuracy, range: { min: 0, max: 100_000 } },
  { name: "distance", column: "distance", type: "real", read: (p) => p.distance, range: { min: 0, max: 10_000_000 } },
  { name: "battery", column: "battery", type: "real", read: (p) => p.battery, range: { min: 0, max: 100 } },
];

export const STAT_FIELDS: RecordField<StatSample>[] = [
  { name: "engineRpm", column: "engine_rpm", type: "real", read: (s) => s.engineRpm, range: { min: 0, max: 20_000 } },
  { name: "fuelPercent", column: "fuel_percent", type: "real", read: (s) => s.fuelPercent, range: { min: 0, max: 100 } },
  { name: "odometerMeters", column: "odometer_meters", type: "float8", read: (s) => s.odometerMeters, range: { min: 0, max: 1e10 } },
  { name: "engineSeconds", column: "engine_seconds", type: "float8", read: (s) => s.engineSeconds, range: { min: 0, max: 1e10 } },
  { name: "speed", column: "speed", type: "real", read: (s) => s.speed, range: { min: 0, max: 150 } },
  { name: "engineState", column: "engine_state", type: "text", read: (s) => s.engineState, oneOf: ENGINE_STATES },
];

/** Names the record in an error ("positions[3]"); a function, so that a batch of good records builds no names. */
export type RecordName = () => string;

const bad = (where: RecordName, field: string, message: string) => new AppError("bad_request", `${where()}.${field} ${message}`);

/** 400 naming the record and field unless `value` is allowed for `field`. */
export const checkField = <R>({ name, range, oneOf }: RecordField<R>, value: Cell, where: RecordName) => {
  if (value === undefined || value === null) {
    if (range?.required) throw bad(where, name, "is required.");
    return;
  }
  if (oneOf) {
    if (!oneOf.includes(value as string)) throw bad(where, name, `must be one of ${oneOf.join(", ")}.`);
    return;
  }
  if (!range) return;
  if (typeof value !== "number" || !Number.isFinite(value)) throw bad(where, name, "must be a finite number.");
  if (value < range.min || value > range.max) throw bad(where, name, `must be between ${range.min} and ${range.max}.`);
  if (range.integer && !Number.isInteger(value)) throw bad(where, name, "must be an integer.");
};

/** Checks a record's vehicle, tenant and time; returns the time as epoch milliseconds. */
export const checkRecord = (record: TelemetryTenant & { vehicleId: number; time: Date }, where: RecordName, nowMs: number) => {
  if (!Number.isInteger(record.vehicleId) || record.vehicleId <= 0) throw bad(where, "vehicleId", "must be a positive integer.");
  if (!Number.isInteger(record.companyId) || record.companyId <= 0) throw bad(where, "companyId", "must be a positive integer.");
  if (!DATASETS.includes(record.dataset)) throw bad(where, "dataset", `must be one of ${DATASETS.join(", ")}.`);
  const time = record.time instanceof Date ? record.time.getTime() : NaN;
  if (!Number.isFinite(time)) throw bad(where, "time", "must be a valid time.");
  if (time > nowMs + MAX_FUTURE_MS) throw bad(where, "time", "is more than 1 day in the future.");
  if (time < nowMs - RETENTION_DAYS * 86_400_000) throw bad(where, "time", `is older than the ${RETENTION_DAYS}-day retention.`);
  return time;
};

const validate = <R extends TelemetryTenant & { vehicleId: number; time: Date }>(record: R, fields: readonly RecordField<R>[], where: RecordName, nowMs: number) => {
  checkRecord(record, where, nowMs);
  for (let i = 0; i < fields.length; i++) checkField(fields[i], fields[i].read(record), where);
};

/** 400 naming `where` (e.g. "point") and the field, for the first bad value of one position. */
export const validatePositionReport = (position: PositionReport, where: RecordName, nowMs: number) => validate(position, POSITION_FIELDS, where, nowMs);

/** 400 naming `where` and the field, for the first bad value of one stat sample. */
export const validateStatSample = (sample: StatSample, where: RecordName, nowMs: number) => validate(sample, STAT_FIELDS, where, nowMs);
