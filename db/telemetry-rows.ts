import { sql } from "drizzle-orm";
import type { StatReadings } from "./schema";
import { nullableBoolean, nullableNumber } from "./rows";

/** The readings of a row shaped like `vehicle_stat_samples` (snake_case columns, as raw SQL returns them). */
export const statReadingsOf = (row: Record<string, unknown>): StatReadings => ({
  engineRpm: nullableNumber(row.engine_rpm),
  fuelPercent: nullableNumber(row.fuel_percent),
  odometerMeters: nullableNumber(row.odometer_meters),
  engineSeconds: nullableNumber(row.engine_seconds),
  speed: nullableNumber(row.speed),
  batteryMilliVolts: nullableNumber(row.battery_milli_volts),
  engineCoolantTemperatureMilliC: nullableNumber(row.engine_coolant_temperature_milli_c),
  ambientAirTemperatureMilliC: nullableNumber(row.ambient_air_temperature_milli_c),
  engineLoadPercent: nullableNumber(row.engine_load_percent),
  defLevelMilliPercent: nullableNumber(row.def_level_milli_percent),
  gpsOdometerMeters: nullableNumber(row.gps_odometer_meters),
  fuelConsumedMilliliters: nullableNumber(row.fuel_consumed_milliliters),
  auxInput1: nullableBoolean(row.aux_input_1),
  auxInput2: nullableBoolean(row.aux_input_2),
  auxInput3: nullableBoolean(row.aux_input_3),
});

/** The stat-sample columns statReadingsOf reads. */
export const STAT_READING_COLUMNS = [
  "engine_rpm",
  "fuel_percent",
  "odometer_meters",
  "engine_seconds",
  "speed",
  "battery_milli_volts",
  "engine_coolant_temperature_milli_c",
  "ambient_air_temperature_milli_c",
  "engine_load_percent",
  "def_level_milli_percent",
  "gps_odometer_meters",
  "fuel_consumed_milliliters",
  "aux_input_1",
  "aux_input_2",
  "aux_input_3",
] as const;

/** STAT_READING_COLUMNS as a select list. */
export const statReadingsSelect = () => sql.raw(STAT_READING_COLUMNS.join(", "));

/** The vehicle, time and fix of a row shaped like `vehicle_positions`. */
export const positionOf = (row: Record<string, unknown>) => ({
  vehicleId: Number(row.vehicle_id),
  time: new Date(row.time as string),
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  speed: Number(row.speed),
  heading: Number(row.heading),
});
