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

const POSITION_RANGES: Partial<Record<keyof PositionReport, Range>> = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  speed: { min: 0, max: 150 },
  heading: { min: 0, max: 360 },
  altitude: { min: -1_000, max: 20_000 },
  hdop: { min: 0, max: 100 },
  satellites: { min: 0, max: 255, integer: true },
  accuracy: { min: 0, max: 100_000 },
  distance: { min: 0, max: 10_000_000 },
  battery: { min: 0, max: 100 },
};

const STAT_RANGES: Partial<Record<keyof StatSample, Range>> = {
  engineRpm: { min: 0, max: 20_000 },
  fuelPercent: { min: 0, max: 100 },
  odometerMeters: { min: 0, max: 1e10 },
  engineSeconds: { min: 0, max: 1e10 },
  speed: { min: 0, max: 150 },
};

const bad = (where: string, message: string) => new AppError("bad_request", `${where} ${message}`);

const checkRanges = (record: Record<string, unknown>, ranges: Record<string, Range | undefined>, where: string, required: string[]) => {
  for (const [field, range] of Object.entries(ranges)) {
    const value = record[field];
    if (value === undefined || value === null) {
      if (required.includes(field)) throw bad(`${where}.${field}`, "is required.");
      continue;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) throw bad(`${where}.${field}`, "must be a finite number.");
    if (range && (value < range.min || value > range.max)) throw bad(`${where}.${field}`, `must be between ${range.min} and ${range.max}.`);
    if (range?.integer && !Number.isInteger(value)) throw bad(`${where}.${field}`, "must be an integer.");
  }
};

const checkCommon = (record: TelemetryTenant & { vehicleId: number; time: Date }, where: string, now: number) => {
  if (!Number.isInteger(record.vehicleId) || record.vehicleId <= 0) throw bad(`${where}.vehicleId`, "must be a positive integer.");
  if (!Number.isInteger(record.companyId) || record.companyId <= 0) throw bad(`${where}.companyId`, "must be a positive integer.");
  if (!DATASETS.includes(record.dataset)) throw bad(`${where}.dataset`, `must be one of ${DATASETS.join(", ")}.`);
  const time = record.time instanceof Date ? record.time.getTime() : NaN;
  if (!Number.isFinite(time)) throw bad(`${where}.time`, "must be a valid time.");
  if (time > now + MAX_FUTURE_MS) throw bad(`${where}.time`, "is more than 1 day in the future.");
  if (time < now - RETENTION_DAYS * 86_400_000) throw bad(`${where}.time`, `is older than the ${RETENTION_DAYS}-day retention.`);
};

/** Refuses the whole batch (400) at the first bad value, so nothing of it is written. */
export const validateTelemetryBatch = ({ batch, now }: { batch: TelemetryBatch; now: Date }) => {
  const nowMs = now.getTime();
  (batch.positions ?? []).forEach((position, i) => {
    checkCommon(position, `positions[${i}]`, nowMs);
    checkRanges(position, POSITION_RANGES, `positions[${i}]`, ["latitude", "longitude"]);
  });
  (batch.stats ?? []).forEach((sample, i) => {
    checkCommon(sample, `stats[${i}]`, nowMs);
    checkRanges(sample, STAT_RANGES, `stats[${i}]`, []);
    if (sample.engineState != null && !ENGINE_STATES.includes(sample.engineState)) {
      throw bad(`stats[${i}].engineState`, `must be one of ${ENGINE_STATES.join(", ")}.`);
    }
  });
};
