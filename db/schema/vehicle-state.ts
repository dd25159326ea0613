import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text } from "drizzle-orm/pg-core";
import { ENGINE_STATES } from "./telemetry";
import { tenantColumns, utc } from "./columns";

/**
 * Each vehicle's latest location and stats, kept by the ingestion service in the same transaction
 * as the raw rows, so snapshots never scan the time series.
 */
export const vehicleState = pgTable(
  "vehicle_state",
  {
    vehicleId: integer("vehicle_id").notNull(),
    ...tenantColumns(),
    locationTime: utc("location_time"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    speed: real("speed"),
    heading: real("heading"),
    hdop: real("hdop"),
    satellites: smallint("satellites"),
    locationSeq: bigint("location_seq", { mode: "number" }),
    statsTime: utc("stats_time"),
    engineRpm: real("engine_rpm"),
    fuelPercent: real("fuel_percent"),
    odometerMeters: doublePrecision("odometer_meters"),
    engineSeconds: doublePrecision("engine_seconds"),
    ecuSpeed: real("ecu_speed"),
    engineState: text("engine_state", { enum: ENGINE_STATES }),
    batteryMilliVolts: real("battery_milli_volts"),
    engineCoolantTemperatureMilliC: real("engine_coolant_temperature_milli_c"),
    ambientAirTemperatureMilliC: real("ambient_air_temperature_milli_c"),
    engineLoadPercent: real("engine_load_percent"),
    defLevelMilliPercent: real("def_level_milli_percent"),
    gpsOdometerMeters: doublePrecision("gps_odometer_meters"),
    fuelConsumedMilliliters: doublePrecision("fuel_consumed_milliliters"),
    /** The tracker's digital inputs 1 to 3, on or off (Samsara's auxInput1..3; migration 0048). */
    auxInput1: boolean("aux_input_1"),
    auxInput2: boolean("aux_input_2"),
    auxInput3: boolean("aux_input_3"),
    statsSeq: bigint("stats_seq", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.vehicleId] }), index("vehicle_state_tenant_idx").on(t.companyId, t.dataset, t.vehicleId)],
);

/**
 * One row per tenant dataset: the last change sequence handed out. Writers take the row lock
 * (`UPDATE ... RETURNING`) for the rest of their transaction, so sequence order is commit order
 * and a feed reader can never see seq N+1 before seq N.
 */
export const feedCounters = pgTable(
  "feed_counters",
  {
    ...tenantColumns(),
    seq: bigint("seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset] })],
);
