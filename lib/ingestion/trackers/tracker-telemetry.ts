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

/** Each field by its name, looked up once: a `find` a value made a closure each time, ~15 a fix (docs/scaling.md, "Issue 37, session 24"). */
const byName = <R>(fields: readonly RecordField<R>[]) =>
  Object.fromEntries(fields.map((field) => [field.name, field])) as Record<keyof R & string, RecordField<R>>;
const POSITION = byName(POSITION_FIELDS);
const STAT = byName(STAT_FIELDS);
const EVENT = byName(SAFETY_EVENT_FIELDS);

/** A value the ingestion would refuse is dropped (null), so that one odd IO value cannot cost a device its whole packet. */
const allowed = <R>(field: RecordField<R>, value: number | undefined): number | null =>
  value === undefined || fieldProblem(field, value) !== undefined ? null : value;

/** Whether the sample holds any value: one without is not stored. */
const hasValue = (sample: StatSample) => {
  for (const field of STAT_FIELDS) if (sample[field.name] !== null) return true;
  return false;
};

/** A value in the tracker's unit (volts, °C, liters) in thousandths, the stored unit, rounded to a whole one; undefined stays so. */
const milli = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 1000));

/**
 * The positions, stat samples and safety events of a tracker's records for its vehicle (docs/trackers.md has the
 * mapping). Records outside the time ingestion accepts (beyond retention, a day in the future) are
 * left out: they are device clock faults, and a device refused them would resend them forever.
 * The records' fields are written out rather than spread from one object: V8 builds a literal of this many
 * properties after a spread ~20 times slower (27 µs a record, the trackers bench's hottest function; docs/scaling.md).
 */
export const trackerTelemetry = ({ vehicle, records, now }: { vehicle: BoundVehicle; records: readonly TrackerRecord[]; now: Date }): TelemetryBatch => {
  // Sized for the records, and cut to what they gave at the end: most packets carry one record, and an array grown from
  // [] by `push` reserves 17 slots (~150 bytes) at its first (docs/scaling.md, "Issue 37, session 24"). Events are rare.
  const positions = new Array<PositionReport>(records.length);
  const stats = new Array<StatSample>(records.length);
  let positionCount = 0;
  let statCount = 0;
  const events: SafetyEventReport[] = [];
  const nowMs = now.getTime();
  const { companyId, dataset, vehicleId } = vehicle;
  for (const { time, fix, io, events: reported } of records) {
    // Built first, and checked for the record's time (the fields every record carries) instead of an object of its own.
    const sample: StatSample = {
      companyId,
      dataset,
      vehicleId,
      time,
      engineState: engineStateOf(io.ignition, fix?.speedKmh),
      odometerMeters: allowed(STAT.odometerMeters, io.odometerMeters),
      gpsOdometerMeters: allowed(STAT.gpsOdometerMeters, io.gpsOdometerMeters),
      fuelPercent: allowed(STAT.fuelPercent, io.fuelPercent),
      engineRpm: allowed(STAT.engineRpm, io.engineRpm),
      batteryMilliVolts: allowed(STAT.batteryMilliVolts, milli(io.externalVolts)),
      speed: allowed(STAT.speed, io.ecuSpeedKmh === undefined ? undefined : io.ecuSpeedKmh * METERS_PER_SECOND_PER_KMH),
      engineLoadPercent: allowed(STAT.engineLoadPercent, io.engineLoadPercent),
      engineCoolantTemperatureMilliC: allowed(STAT.engineCoolantTemperatureMilliC, milli(io.coolantCelsius)),
      fuelConsumedMilliliters: allowed(STAT.fuelConsumedMilliliters, milli(io.fuelUsedLiters)),
      engineSeconds: allowed(STAT.engineSeconds, io.engineSeconds),
      auxInput1: io.digitalInput1 ?? null,
      auxInput2: io.digitalInput2 ?? null,
      auxInput3: io.digitalInput3 ?? null,
    };
    if (recordProblem(sample, nowMs)) continue;
    const speed = fix ? fix.speedKmh * METERS_PER_SECOND_PER_KMH : undefined;
    if (fix && allowed(POSITION.latitude, fix.latitude) !== null && allowed(POSITION.longitude, fix.longitude) !== null) {
      positions[positionCount++] = {
        companyId,
        dataset,
        vehicleId,
        time,
        latitude: fix.latitude,
        longitude: fix.longitude,
        speed: allowed(POSITION.speed, speed),
        heading: allowed(POSITION.heading, fix.heading % 360),
        altitude: allowed(POSITION.altitude, fix.altitude),
        satellites: allowed(POSITION.satellites, fix.satellites),
        hdop: allowed(POSITION.hdop, fix.hdop),
      };
    }
    if (hasValue(sample)) stats[statCount++] = sample;
    if (!reported) continue;
    const place = positionCount > 0 && positions[positionCount - 1].time === time ? positions[positionCount - 1] : undefined;
    for (const { kind, g } of reported) {
      events.push({
        companyId,
        dataset,
        vehicleId,
        time,
        kind,
        peakG: allowed(EVENT.peakG, g),
        latitude: place?.latitude,
        longitude: place?.longitude,
        heading: place?.heading,
        speed: place?.speed,
      });
    }
  }
  positions.length = positionCount;
  stats.length = statCount;
  return { positions, stats, events };
};
