import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text } from "drizzle-orm/pg-core";
import { tenantColumns, utc } from "./columns";

/**
 * Time series. Both tables are range-partitioned by `time` (one partition a day); the DDL lives in
 * the hand-written migration `0001_telemetry_partitions.sql` because drizzle-kit cannot express
 * partitioning. They are declared here for typed queries only and are left out of drizzle.config.
 *
 * `seq` is the tenant's change sequence (see `feed_counters`): the feeds page by it, never by time.
 */
export const vehiclePositions = pgTable(
  "vehicle_positions",
  {
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    time: utc("time").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** Meters per second. */
    speed: real("speed").notNull().default(0),
    /** Degrees clockwise from true north. */
    heading: real("heading").notNull().default(0),
    altitude: real("altitude"),
    hdop: real("hdop"),
    satellites: smallint("satellites"),
    accuracy: real("accuracy"),
    /** Meters travelled since the vehicle's previous point. */
    distance: real("distance").notNull().default(0),
    battery: real("battery"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.vehicleId, t.time] }), index("vehicle_positions_feed_idx").on(t.companyId, t.dataset, t.seq)],
);

/** The gauges and counters of a stat sample, as every read of them (snapshots, feeds, history) returns them. */
export type StatReadings = Pick<
  typeof vehicleStatSamples.$inferSelect,
  | "engineRpm"
  | "fuelPercent"
  | "odometerMeters"
  | "engineSeconds"
  | "speed"
  | "batteryMilliVolts"
  | "engineCoolantTemperatureMilliC"
  | "ambientAirTemperatureMilliC"
  | "engineLoadPercent"
  | "defLevelMilliPercent"
  | "gpsOdometerMeters"
  | "fuelConsumedMilliliters"
  | "auxInput1"
  | "auxInput2"
  | "auxInput3"
>;

export const ENGINE_STATES = ["Off", "On", "Idle"] as const;
export type EngineState = (typeof ENGINE_STATES)[number];

export const vehicleStatSamples = pgTable(
  "vehicle_stat_samples",
  {
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    time: utc("time").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    engineRpm: real("engine_rpm"),
    fuelPercent: real("fuel_percent"),
    odometerMeters: doublePrecision("odometer_meters"),
    engineSeconds: doublePrecision("engine_seconds"),
    /** Meters per second, from the ECU. */
    speed: real("speed"),
    engineState: text("engine_state", { enum: ENGINE_STATES }),
    /** Supply voltage measured by a hardware tracker (Samsara's batteryMilliVolts). */
    batteryMilliVolts: real("battery_milli_volts"),
    /** Samsara's stat types, in Samsara's units (issue 38, item 8: docs/decisions.md). */
    engineCoolantTemperatureMilliC: real("engine_coolant_temperature_milli_c"),
    ambientAirTemperatureMilliC: real("ambient_air_temperature_milli_c"),
    engineLoadPercent: real("engine_load_percent"),
    defLevelMilliPercent: real("def_level_milli_percent"),
    /** The tracker's own distance counter (GPS), meters; `odometerMeters` is the ECU's. */
    gpsOdometerMeters: doublePrecision("gps_odometer_meters"),
    /** The ECU's fuel-used counter, milliliters. */
    fuelConsumedMilliliters: doublePrecision("fuel_consumed_milliliters"),
    /** The tracker's digital inputs 1 to 3, on or off (Samsara's auxInput1..3; migration 0048). */
    auxInput1: boolean("aux_input_1"),
    auxInput2: boolean("aux_input_2"),
    auxInput3: boolean("aux_input_3"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.vehicleId, t.time] }), index("vehicle_stat_samples_feed_idx").on(t.companyId, t.dataset, t.seq)],
);
