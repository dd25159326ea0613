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

type Range = { min: number; max: number; integer?: boolean };
/** A checked field: its name, its range, and whether it may be missing. Arrays, not objects: validation runs per point. */
type FieldCheck = readonly [field: string, range: Range, required: boolean];

const POSITION_CHECKS: FieldCheck[] = [
  ["latitude", { min: -90, max: 90 }, true],
  ["longitude", { min: -180, max: 180 }, true],
  ["speed", { min: 0, max: 150 }, false],
  ["heading", { min: 0, max: 360 }, false],
  ["altitude", { min: -1_000, max: 20_000 }, false],
  ["hdop", { min: 0, max: 100 }, false],
  ["satellites", { min: 0, max: 255, integer: true }, false],
  ["accuracy", { min: 0, max: 100_000 }, false],
  ["distance", { min: 0, max: 10_000_000 }, false],
  ["battery", { min: 0, max: 100 }, false],
];

const STAT_CHECKS: FieldCheck[] = [
  ["engineRpm", { min: 0, max: 20_000 }, false],
  ["fuelPercent", { min: 0, max: 100 }, false],
  ["odometerMeters", { min: 0, max: 1e10 }, false],
  ["engineSeconds", { min: 0, max: 1e10 }, false],
  ["speed", { min: 0, max: 150 }, false],
];

const bad = (where: string, message: string) => new AppError("bad_request", `${where} ${message}`);

const checkRanges = (record: Record<string, unknown>, checks: readonly FieldCheck[], where: string) => {
  for (const [field, range, required] of checks) {
    const value = record[field];
    if (value === undefined || value === null) {
      if (required) throw bad(`${where}.${field}`, "is required.");
      continue;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) throw bad(`${where}.${field}`, "must be a finite number.");
    if (value < range.min || value > range.max) throw bad(`${where}.${field}`, `must be between ${range.min} and ${range.max}.`);
    if (range.integer && !Number.isInteger(value)) throw bad(`${where}.${field}`, "must be an integer.");
  }
};

const checkCommon = (record: TelemetryTenant & { vehicleId: number; time: Date }, where: string, nowMs: number) => {
  if (!Number.isInteger(record.vehicleId) || record.vehicleId <= 0) throw bad(`${where}.vehicleId`, "must be a positive integer.");
  if (!Number.isInteger(record.companyId) || record.companyId <= 0) throw bad(`${where}.companyId`, "must be a positive integer.");
  if (!DATASETS.includes(record.dataset)) throw bad(`${where}.dataset`, `must be one of ${DATASETS.join(", ")}.`);
  const time = record.time instanceof Date ? record.time.getTime() : NaN;
  if (!Number.isFinite(time)) throw bad(`${where}.time`, "must be a valid time.");
  if (time > nowMs + MAX_FUTURE_MS) throw bad(`${where}.time`, "is more than 1 day in the future.");
  if (time < nowMs - RETENTION_DAYS * 86_400_000) throw bad(`${where}.time`, `is older than the ${RETENTION_DAYS}-day retention.`);
};

/** 400 naming `where` (e.g. "positions[3]") and the field, for the first bad value of one position. */
export const validatePositionReport = (position: PositionReport, where: string, nowMs: number) => {
  checkCommon(position, where, nowMs);
  checkRanges(position, POSITION_CHECKS, where);
};

/** 400 naming `where` and the field, for the first bad value of one stat sample. */
export const validateStatSample = (sample: StatSample, where: string, nowMs: number) => {
  checkCommon(sample, where, nowMs);
  checkRanges(sample, STAT_CHECKS, where);
  if (sample.engineState != null && !ENGINE_STATES.includes(sample.engineState)) throw bad(`${where}.engineState`, `must be one of ${ENGINE_STATES.join(", ")}.`);
};

/** Refuses the whole batch (400) at the first bad value, so nothing of it is written. */
export const validateTelemetryBatch = ({ batch, now }: { batch: TelemetryBatch; now: Date }) => {
  const nowMs = now.getTime();
  const positions = batch.positions ?? [];
  const stats = batch.stats ?? [];
  for (let i = 0; i < positions.length; i++) validatePositionReport(positions[i], `positions[${i}]`, nowMs);
  for (let i = 0; i < stats.length; i++) validateStatSample(stats[i], `stats[${i}]`, nowMs);
};
