import { z } from "zod";
import { ENGINE_STATES, type StatReadings } from "@/db/schema";
import type { FaultCodeRow } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import type { VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { idSchema, readingSchema, rfc3339, timestampSchema } from "./common";
import { presentLocationPoint } from "./location-record";
import { METERS_PER_SECOND_TO_MPH } from "@/lib/platform/geo/distance";
import { auxInputReading, auxInputReadingSchema, isAuxInputType, type AuxInputType } from "./aux-input-record";

/**
 * The `types` a stats request may ask for, Samsara's names: the snapshot answers one reading under
 * `snapshotKey`, feeds and history a list under `seriesKey`.
 */
export const STAT_TYPES = {
  engineRpm: { snapshotKey: "engineRpm", seriesKey: "engineRpm", since: "2025-01-15" },
  fuelPercents: { snapshotKey: "fuelPercent", seriesKey: "fuelPercents", since: "2023-06-01" },
  obdOdometerMeters: { snapshotKey: "obdOdometerMeters", seriesKey: "obdOdometerMeters", since: "2023-06-01" },
  obdEngineSeconds: { snapshotKey: "obdEngineSeconds", seriesKey: "obdEngineSeconds", since: "2023-06-01" },
  speed: { snapshotKey: "speed", seriesKey: "speed", since: "2023-06-01" },
  engineStates: { snapshotKey: "engineState", seriesKey: "engineStates", since: "2023-06-01" },
  gps: { snapshotKey: "gps", seriesKey: "gps", since: "2023-06-01" },
  faultCodes: { snapshotKey: "faultCodes", seriesKey: "faultCodes", since: "2025-01-15" },
  batteryMilliVolts: { snapshotKey: "batteryMilliVolts", seriesKey: "batteryMilliVolts", since: "2025-01-15" },
  ecuSpeedMph: { snapshotKey: "ecuSpeedMph", seriesKey: "ecuSpeedMph", since: "2025-01-15" },
  engineCoolantTemperatureMilliC: { snapshotKey: "engineCoolantTemperatureMilliC", seriesKey: "engineCoolantTemperatureMilliC", since: "2025-01-15" },
  ambientAirTemperatureMilliC: { snapshotKey: "ambientAirTemperatureMilliC", seriesKey: "ambientAirTemperatureMilliC", since: "2025-01-15" },
  engineLoadPercent: { snapshotKey: "engineLoadPercent", seriesKey: "engineLoadPercent", since: "2025-01-15" },
  defLevelMilliPercent: { snapshotKey: "defLevelMilliPercent", seriesKey: "defLevelMilliPercent", since: "2025-01-15" },
  gpsOdometerMeters: { snapshotKey: "gpsOdometerMeters", seriesKey: "gpsOdometerMeters", since: "2025-01-15" },
  gpsDistanceMeters: { snapshotKey: "gpsDistanceMeters", seriesKey: "gpsDistanceMeters", since: "2025-01-15" },
  fuelConsumedMilliliters: { snapshotKey: "fuelConsumedMilliliters", seriesKey: "fuelConsumedMilliliters", since: "2025-01-15" },
  auxInput1: { snapshotKey: "auxInput1", seriesKey: "auxInput1", since: "2025-01-15" },
  auxInput2: { snapshotKey: "auxInput2", seriesKey: "auxInput2", since: "2025-01-15" },
  auxInput3: { snapshotKey: "auxInput3", seriesKey: "auxInput3", since: "2025-01-15" },
} as const;

/**
 * The stat types read straight from one stored reading (vehicle_state's latest, a sample, a history
 * bucket), rounded to Samsara's whole units; gpsDistanceMeters is the tracker's distance counter
 * too (docs/decisions.md, "vehicle stats from the trackers").
 */
const READING_TYPES = {
  engineCoolantTemperatureMilliC: (readings: StatReadings) => whole(readings.engineCoolantTemperatureMilliC),
  ambientAirTemperatureMilliC: (readings: StatReadings) => whole(readings.ambientAirTemperatureMilliC),
  engineLoadPercent: (readings: StatReadings) => whole(readings.engineLoadPercent),
  defLevelMilliPercent: (readings: StatReadings) => whole(readings.defLevelMilliPercent),
  gpsOdometerMeters: (readings: StatReadings) => whole(readings.gpsOdometerMeters),
  gpsDistanceMeters: (readings: StatReadings) => whole(readings.gpsOdometerMeters),
  fuelConsumedMilliliters: (readings: StatReadings) => whole(readings.fuelConsumedMilliliters),
} as const;
type ReadingType = keyof typeof READING_TYPES;
const isReadingType = (type: StatType): type is ReadingType => type in READING_TYPES;
const whole = (value: number | null) => (value === null ? null : Math.round(value));

export type StatType = keyof typeof STAT_TYPES;
export const STAT_TYPE_NAMES = Object.keys(STAT_TYPES) as StatType[];

const numberReading = readingSchema(z.number());
const engineStateReading = readingSchema(z.enum(ENGINE_STATES));

export const gpsReadingSchema = z
  .object({
    time: timestampSchema,
    latitude: z.number(),
    longitude: z.number(),
    headingDegrees: z.number(),
    speed: z.number().meta({ description: "Meters per second." }),
    reverseGeo: z.object({ formattedLocation: z.string() }),
  })
  .meta({ id: "GpsReading" });

const j1939CodeSchema = z.object({
  txId: z.number().int().meta({ description: "Source address of the reporting controller (Samsara's txId); 0 when unknown." }),
  spnId: z.number().int(),
  fmiId: z.number().int(),
  occurrenceCount: z.number().int(),
  sourceAddress: z.number().int().optional(),
  sourceAddressName: z.string().optional(),
  milStatus: z.number().int().meta({ description: "1 when the code lights the malfunction lamp, else 0 (a number, as Samsara sends J1939 lamp status)." }),
  description: z.string(),
  firstSeenTime: timestampSchema,
});
const obdiiCodeSchema = z.object({
  txId: z.number().int().meta({ description: "Transmitter id of the reporting ECU (Samsara's txId); 0 when unknown." }),
  confirmedDtcs: z
    .array(z.object({ dtcId: z.number().int(), dtcShortCode: z.string(), dtcDescription: z.string() }))
    .meta({ description: "The code as Samsara lists it (dtcId: the SAE J2012 two-byte encoding of the short code)." }),
  dtcShortCode: z.string(),
  occurrenceCount: z.number().int(),
  milStatus: z.boolean(),
  description: z.string(),
  firstSeenTime: timestampSchema,
});

export const faultCodesSchema = z
  .object({
    time: timestampSchema,
    j1939: z.object({ diagnosticTroubleCodes: z.array(j1939CodeSchema) }),
    obdii: z.object({ diagnosticTroubleCodes: z.array(obdiiCodeSchema) }),
  })
  .meta({
    id: "FaultCodes",
    description: "Active (uncleared) diagnostic trouble codes; `time` is the newest sighting of one, or the latest ECU reading when none is active.",
  });

export const vehicleStatsSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    engineRpm: numberReading.optional(),
    fuelPercent: numberReading.optional(),
    obdOdometerMeters: numberReading.optional(),
    obdEngineSeconds: numberReading.optional(),
    speed: numberReading.optional().meta({ description: "ECU speed, meters per second." }),
    engineState: engineStateReading.optional(),
    gps: gpsReadingSchema.optional(),
    faultCodes: faultCodesSchema.optional(),
    batteryMilliVolts: numberReading.optional().meta({ description: "Supply voltage measured by the tracker, millivolts." }),
    ecuSpeedMph: numberReading.optional().meta({ description: "ECU speed, miles per hour." }),
    engineCoolantTemperatureMilliC: numberReading.optional().meta({ description: "Engine coolant temperature, millidegrees Celsius." }),
    ambientAirTemperatureMilliC: numberReading.optional().meta({ description: "Ambient air temperature, millidegrees Celsius." }),
    engineLoadPercent: numberReading.optional().meta({ description: "Engine load, percent." }),
    defLevelMilliPercent: numberReading.optional().meta({ description: "Diesel exhaust fluid level, thousandths of a percent." }),
    gpsOdometerMeters: numberReading.optional().meta({ description: "The tracker's GPS distance counter, meters." }),
    gpsDistanceMeters: numberReading.optional().meta({ description: "The tracker's GPS distance counter, meters (as gpsOdometerMeters)." }),
    fuelConsumedMilliliters: numberReading.optional().meta({ description: "The ECU's fuel-used counter, milliliters." }),
    auxInput1: auxInputReadingSchema.optional(),
    auxInput2: auxInputReadingSchema.optional(),
    auxInput3: auxInputReadingSchema.optional(),
  })
  .meta({ id: "VehicleStats", description: "Latest value of each requested stat type." });

export const vehicleStatsSeriesSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    engineRpm: z.array(numberReading).optional(),
    fuelPercents: z.array(numberReading).optional(),
    obdOdometerMeters: z.array(numberReading).optional(),
    obdEngineSeconds: z.array(numberReading).optional(),
    speed: z.array(numberReading).optional(),
    engineStates: z.array(engineStateReading).optional(),
    gps: z.array(gpsReadingSchema).optional(),
    batteryMilliVolts: z.array(numberReading).optional(),
    ecuSpeedMph: z.array(numberReading).optional(),
    engineCoolantTemperatureMilliC: z.array(numberReading).optional(),
    ambientAirTemperatureMilliC: z.array(numberReading).optional(),
    engineLoadPercent: z.array(numberReading).optional(),
    defLevelMilliPercent: z.array(numberReading).optional(),
    gpsOdometerMeters: z.array(numberReading).optional(),
    gpsDistanceMeters: z.array(numberReading).optional(),
    fuelConsumedMilliliters: z.array(numberReading).optional(),
    auxInput1: z.array(auxInputReadingSchema).optional(),
    auxInput2: z.array(auxInputReadingSchema).optional(),
    auxInput3: z.array(auxInputReadingSchema).optional(),
  })
  .meta({ id: "VehicleStatsSeries", description: "One vehicle's readings per requested type, oldest first (feed and history)." });

export type VehicleStats = z.infer<typeof vehicleStatsSchema>;
export type VehicleStatsSeries = z.infer<typeof vehicleStatsSeriesSchema>;
export type GpsReading = z.infer<typeof gpsReadingSchema>;
export type FaultCodesRecord = z.infer<typeof faultCodesSchema>;

/** Meters per second as miles per hour (Samsara's `ecuSpeedMph`), to a hundredth as the 2023-06-01 `speed`. */
const toMph = (metersPerSecond: number | null) => (metersPerSecond === null ? null : Math.round(metersPerSecond * METERS_PER_SECOND_TO_MPH * 100) / 100);

const DTC_SYSTEM_BITS: Record<string, number> = { P: 0, C: 1, B: 2, U: 3 };

/** SAE J2012's two-byte form of an OBD-II code ("P0128" → 0x0128), Samsara's numeric `dtcId`; 0 if malformed. */
export const encodeDtcId = (shortCode: string): number => {
  const match = /^([PCBU])([0-3])([0-9A-F]{3})$/i.exec(shortCode);
  if (!match) return 0;
  return (DTC_SYSTEM_BITS[match[1].toUpperCase()] << 14) | (Number(match[2]) << 12) | Number.parseInt(match[3], 16);
};

const J1939_SOURCE_NAMES: Record<number, string> = {
  0: "Engine #1",
  3: "Transmission #1",
  11: "Brakes - System Controller",
  33: "Body Controller",
  49: "Cab Controller",
};

/** A fix as a stats `gps` reading: the location record, with Samsara's `headingDegrees` for `heading`. */
export const presentGps = (fix: Parameters<typeof presentLocationPoint>[0]): GpsReading => {
  const { time, latitude, longitude, heading, speed, reverseGeo } = presentLocationPoint(fix);
  return { time, latitude, longitude, headingDegrees: heading, speed, reverseGeo };
};

/**
 * When the codes were true: the newest sighting of an active code; with none active, the vehicle's
 * latest ECU reading (null when it never reported one: then there is nothing to report).
 */
const faultCodesTime = (codes: readonly FaultCodeRow[], statsTime: Date | null) =>
  codes.length > 0 ? new Date(Math.max(...codes.map((code) => code.lastSeenAt.getTime()))) : statsTime;

const presentFaultCodes = (codes: readonly FaultCodeRow[], time: Date) => ({
  time: rfc3339(time),
  j1939: {
    diagnosticTroubleCodes: codes
      .filter((code) => code.protocol === "j1939")
      .map((code) => ({
        txId: code.sourceAddress ?? 0,
        spnId: code.spnId ?? 0,
        fmiId: code.fmiId ?? 0,
        occurrenceCount: code.occurrenceCount,
        ...(code.sourceAddress === null ? {} : { sourceAddress: code.sourceAddress }),
        ...(code.sourceAddress !== null && J1939_SOURCE_NAMES[code.sourceAddress] ? { sourceAddressName: J1939_SOURCE_NAMES[code.sourceAddress] } : {}),
        milStatus: code.milStatus ? 1 : 0,
        description: code.description,
        firstSeenTime: rfc3339(code.firstSeenAt),
      })),
  },
  obdii: {
    diagnosticTroubleCodes: codes
      .filter((code) => code.protocol === "obdii")
      .map((code) => ({
        txId: code.sourceAddress ?? 0,
        confirmedDtcs: [{ dtcId: encodeDtcId(code.dtcShortCode ?? ""), dtcShortCode: code.dtcShortCode ?? "", dtcDescription: code.description }],
        dtcShortCode: code.dtcShortCode ?? "",
        occurrenceCount: code.occurrenceCount,
        milStatus: code.milStatus,
        description: code.description,
        firstSeenTime: rfc3339(code.firstSeenAt),
      })),
  },
});

/** The snapshot of one vehicle for the requested types; types without a reading are left out, as Samsara does. */
export const presentVehicleStats = ({
  state,
  types,
  faultCodes,
}: {
  state: VehicleStateRow;
  types: readonly StatType[];
  faultCodes: readonly FaultCodeRow[];
}): VehicleStats => {
  const record: VehicleStats = { id: String(state.vehicleId), name: state.name };
  const at = state.statsTime ? rfc3339(state.statsTime) : null;
  const reading = <V>(value: V | null) => (at !== null && value !== null ? { time: at, value } : undefined);
  for (const type of types) {
    if (type === "engineRpm") record.engineRpm = reading(state.engineRpm);
    if (type === "fuelPercents") record.fuelPercent = reading(state.fuelPercent);
    if (type === "obdOdometerMeters") record.obdOdometerMeters = reading(state.odometerMeters);
    if (type === "obdEngineSeconds") record.obdEngineSeconds = reading(state.engineSeconds);
    if (type === "speed") record.speed = reading(state.ecuSpeed);
    if (type === "engineStates") record.engineState = reading(state.engineState);
    if (type === "batteryMilliVolts") record.batteryMilliVolts = reading(state.batteryMilliVolts);
    if (type === "ecuSpeedMph") record.ecuSpeedMph = reading(toMph(state.ecuSpeed));
    if (isReadingType(type)) record[type] = reading(READING_TYPES[type](state));
    if (isAuxInputType(type)) record[type] = auxInputReading(type, at, state);
    if (type === "gps" && state.locationTime && state.latitude !== null && state.longitude !== null) {
      record.gps = presentGps({ time: state.locationTime, latitude: state.latitude, longitude: state.longitude, heading: state.heading, speed: state.speed });
    }
    if (type === "faultCodes") {
      const time = faultCodesTime(faultCodes, state.statsTime);
      if (time) record.faultCodes = presentFaultCodes(faultCodes, time);
    }
  }
  return record;
};

export type StatsSample = StatReadings & {
  vehicleId: number;
  time: Date;
  engineState?: (typeof ENGINE_STATES)[number] | null;
};

export type PositionSample = { vehicleId: number; time: Date; latitude: number; longitude: number; heading: number | null; speed: number | null };

/** Each series type's value in a sample (null: no reading). */
const SAMPLE_VALUES: Record<Exclude<StatType, "gps" | "faultCodes" | AuxInputType>, (sample: StatsSample) => number | string | null | undefined> = {
  engineRpm: (sample) => sample.engineRpm,
  fuelPercents: (sample) => sample.fuelPercent,
  obdOdometerMeters: (sample) => sample.odometerMeters,
  obdEngineSeconds: (sample) => sample.engineSeconds,
  speed: (sample) => sample.speed,
  engineStates: (sample) => sample.engineState,
  batteryMilliVolts: (sample) => sample.batteryMilliVolts,
  ecuSpeedMph: (sample) => toMph(sample.speed),
  ...READING_TYPES,
};

/**
 * Per-vehicle series for the requested types (feeds and history), in the order of `vehicles`;
 * samples must come oldest first per vehicle. A type with no reading gives an empty list.
 */
export const presentStatsSeries = ({
  vehicles,
  samples,
  positions,
  types,
}: {
  vehicles: readonly { id: number; name: string }[];
  samples: readonly StatsSample[];
  positions: readonly PositionSample[];
  types: readonly StatType[];
}): VehicleStatsSeries[] => {
  const byVehicle = new Map<number, Record<string, unknown[]>>();
  for (const vehicle of vehicles) {
    byVehicle.set(vehicle.id, Object.fromEntries(types.map((type) => [STAT_TYPES[type].seriesKey, []])));
  }
  for (const sample of samples) {
    const series = byVehicle.get(sample.vehicleId);
    if (!series) continue;
    for (const type of types) {
      if (type === "gps" || type === "faultCodes") continue;
      if (isAuxInputType(type)) {
        const reading = auxInputReading(type, rfc3339(sample.time), sample);
        if (reading) series[type].push(reading);
        continue;
      }
      const value = SAMPLE_VALUES[type](sample);
      if (value !== null && value !== undefined) series[STAT_TYPES[type].seriesKey].push({ time: rfc3339(sample.time), value });
    }
  }
  if (types.includes("gps")) for (const position of positions) byVehicle.get(position.vehicleId)?.gps.push(presentGps(position));
  return vehicles.map((vehicle) => ({ id: String(vehicle.id), name: vehicle.name, ...byVehicle.get(vehicle.id) }) as VehicleStatsSeries);
};
