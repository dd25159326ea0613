import {
  engineStateOf,
  fieldProblem,
  POSITION_FIELDS,
  recordProblem,
  SAFETY_EVENT_FIELDS,
  STAT_FIELDS,
  type PositionReport,
  type RecordField,
  type SafetyEventReport,
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

/** A value in the tracker's unit (volts, °C, liters) in thousandths, the stored unit, rounded to a whole one; undefined stays so. */
const milli = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 1000));

/**
 * The positions, stat samples and safety events of a tracker's records for its vehicle (docs/trackers.md has the
 * mapping). Records outside the time ingestion accepts (beyond retention, a day in the future) are
 * left out: they are device clock faults, and a device refused them would resend them forever.
 * The records' fields are written out rather than spread from `base`: V8 builds a literal of this many
 * properties after a spread ~20 times slower (27 µs a record, the trackers bench's hottest function; docs/scaling.md).
 */
export const trackerTelemetry = ({ vehicle, records, now }: { vehicle: BoundVehicle; records: readonly TrackerRecord[]; now: Date }): TelemetryBatch => {
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  const events: SafetyEventReport[] = [];
  for (const { time, fix, io, events: reported } of records) {
    const base = { companyId: vehicle.companyId, dataset: vehicle.dataset, vehicleId: vehicle.vehicleId, time };
    if (recordProblem(base, now.getTime())) continue;
    const speed = fix ? fix.speedKmh * METERS_PER_SECOND_PER_KMH : undefined;
    if (fix && allowed(POSITION_FIELDS, "latitude", fix.latitude) !== null && allowed(POSITION_FIELDS, "longitude", fix.longitude) !== null) {
      positions.push({
        companyId: base.companyId,
        dataset: base.dataset,
        vehicleId: base.vehicleId,
        time,
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
      companyId: base.companyId,
      dataset: base.dataset,
      vehicleId: base.vehicleId,
      time,
      engineState: engineStateOf(io.ignition, fix?.speedKmh),
      odometerMeters: allowed(STAT_FIELDS, "odometerMeters", io.odometerMeters),
      gpsOdometerMeters: allowed(STAT_FIELDS, "gpsOdometerMeters", io.gpsOdometerMeters),
      fuelPercent: allowed(STAT_FIELDS, "fuelPercent", io.fuelPercent),
      engineRpm: allowed(STAT_FIELDS, "engineRpm", io.engineRpm),
      batteryMilliVolts: allowed(STAT_FIELDS, "batteryMilliVolts", milli(io.externalVolts)),
      speed: allowed(STAT_FIELDS, "speed", io.ecuSpeedKmh === undefined ? undefined : io.ecuSpeedKmh * METERS_PER_SECOND_PER_KMH),
      engineLoadPercent: allowed(STAT_FIELDS, "engineLoadPercent", io.engineLoadPercent),
      engineCoolantTemperatureMilliC: allowed(STAT_FIELDS, "engineCoolantTemperatureMilliC", milli(io.coolantCelsius)),
      fuelConsumedMilliliters: allowed(STAT_FIELDS, "fuelConsumedMilliliters", milli(io.fuelUsedLiters)),
      engineSeconds: allowed(STAT_FIELDS, "engineSeconds", io.engineSeconds),
      auxInput1: io.digitalInput1 ?? null,
      auxInput2: io.digitalInput2 ?? null,
      auxInput3: io.digitalInput3 ?? null,
    };
    if (STAT_FIELDS.some((field) => sample[field.name] !== null)) stats.push(sample);
    const place = positions.at(-1)?.time === time ? positions.at(-1) : undefined;
    for (const { kind, g } of reported ?? []) {
      events.push({
        companyId: base.companyId,
        dataset: base.dataset,
        vehicleId: base.vehicleId,
        time,
        kind,
        peakG: allowed(SAFETY_EVENT_FIELDS, "peakG", g),
        latitude: place?.latitude,
        longitude: place?.longitude,
        heading: place?.heading,
        speed: place?.speed,
      });
    }
  }
  return { positions, stats, events };
};
