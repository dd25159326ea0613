import type { StatReadings } from "./schema";
import { nullableNumber } from "./rows";

/** The readings of a row shaped like `vehicle_stat_samples` (snake_case columns, as raw SQL returns them). */
export const statReadingsOf = (row: Record<string, unknown>): StatReadings => ({
  engineRpm: nullableNumber(row.engine_rpm),
  fuelPercent: nullableNumber(row.fuel_percent),
  odometerMeters: nullableNumber(row.odometer_meters),
  engineSeconds: nullableNumber(row.engine_seconds),
  speed: nullableNumber(row.speed),
  batteryMilliVolts: nullableNumber(row.battery_milli_volts),
});

/** The vehicle, time and fix of a row shaped like `vehicle_positions`. */
export const positionOf = (row: Record<string, unknown>) => ({
  vehicleId: Number(row.vehicle_id),
  time: new Date(row.time as string),
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  speed: Number(row.speed),
  heading: Number(row.heading),
});
