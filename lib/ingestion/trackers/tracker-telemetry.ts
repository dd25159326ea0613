import type { EngineState } from "@/db/schema";
import {
  fieldProblem,
  POSITION_FIELDS,
  recordProblem,
  STAT_FIELDS,
  type PositionReport,
  type RecordField,
  type StatSample,
  type TelemetryBatch,
} from "@/lib/telemetry/store";
import type { BoundVehicle } from "./device-binding";
import type { TrackerRecord } from "./tracker-record";

const METERS_PER_SECOND_PER_KMH = 1000 / 3600;

/** A value the ingestion would refuse is dropped (null), so that one odd IO value cannot cost a device its whole packet. */
const allowed = <R>(fields: readonly RecordField<R>[], name: keyof R, value: number | undefined): number | null => {
  const field = fields.find((candidate) => candidate.name === name);
  return value === undefined || (field && fieldProblem(field, value) !== undefined) ? null : value;
};

/** Ignition on while standing still is idling (as the simulator and Samsara's engine states have it). */
const engineStateOf = (ignition: boolean | undefined, speedKmh: number | undefined): EngineState | null =>
  ignition === undefined ? null : !ignition ? "Off" : speedKmh === 0 ? "Idle" : "On";

/**
 * The positions and stat samples of a tracker's records for its vehicle (docs/trackers.md has the
 * mapping). Records outside the time ingestion accepts (beyond retention, a day in the future) are
 * left out: they are device clock faults, and a device refused them would resend them forever.
 */
export const trackerTelemetry = ({ vehicle, records, now }: { vehicle: BoundVehicle; records: readonly TrackerRecord[]; now: Date }): TelemetryBatch => {
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  for (const { time, fix, io } of records) {
    const base = { companyId: vehicle.companyId, dataset: vehicle.dataset, vehicleId: vehicle.vehicleId, time };
    if (recordProblem(base, now.getTime())) continue;
    const speed = fix ? fix.speedKmh * METERS_PER_SECOND_PER_KMH : undefined;
    if (fix && allowed(POSITION_FIELDS, "latitude", fix.latitude) !== null && allowed(POSITION_FIELDS, "longitude", fix.longitude) !== null) {
      positions.push({
        ...base,
        latitude: fix.latitude,
        longitude: fix.longitude,
        speed: allowed(POSITION_FIELDS, "speed", speed),
        heading: allowed(POSITION_FIELDS, "heading", fix.heading % 360),
        altitude: allowed(POSITION_FIELDS, "altitude", fix.altitude),
        satellites: allowed(POSITION_FIELDS, "satellites", fix.satellites),
        hdop: allowed(POSITION_FIELDS, "hdop", fix.hdop),
      });
    }
    const sample: StatSample = {
      ...base,
      engineState: engineStateOf(io.ignition, fix?.speedKmh),
      odometerMeters: allowed(STAT_FIELDS, "odometerMeters", io.odometerMeters),
      fuelPercent: allowed(STAT_FIELDS, "fuelPercent", io.fuelPercent),
      engineRpm: allowed(STAT_FIELDS, "engineRpm", io.engineRpm),
      batteryMilliVolts: allowed(STAT_FIELDS, "batteryMilliVolts", io.externalVolts === undefined ? undefined : Math.round(io.externalVolts * 1000)),
      speed: allowed(STAT_FIELDS, "speed", io.ecuSpeedKmh === undefined ? undefined : io.ecuSpeedKmh * METERS_PER_SECOND_PER_KMH),
    };
    const { engineState, odometerMeters, fuelPercent, engineRpm, batteryMilliVolts, speed: ecuSpeed } = sample;
    if ([engineState, odometerMeters, fuelPercent, engineRpm, batteryMilliVolts, ecuSpeed].some((value) => value !== null)) stats.push(sample);
  }
  return { positions, stats };
};
