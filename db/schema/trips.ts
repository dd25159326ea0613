import { bigint, bigserial, date, doublePrecision, index, integer, pgTable, primaryKey, real, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";
import { ENGINE_STATES } from "./telemetry";

/**
 * A completed trip (lib/processing/trips): detected from a vehicle's committed telemetry by the trip processor,
 * rewritten when late points change it. `driver_id` is who drove at its start (lib/processing/trips/driver-at.ts).
 */
export const trips = pgTable(
  "trips",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    driverId: integer("driver_id"),
    startTime: utc("start_time").notNull(),
    endTime: utc("end_time").notNull(),
    startLatitude: doublePrecision("start_latitude").notNull(),
    startLongitude: doublePrecision("start_longitude").notNull(),
    /** Reverse geocoded when detected (lib/telemetry/store/reverse-geocode.ts). */
    startAddress: text("start_address").notNull(),
    endLatitude: doublePrecision("end_latitude").notNull(),
    endLongitude: doublePrecision("end_longitude").notNull(),
    endAddress: text("end_address").notNull(),
    distanceMeters: doublePrecision("distance_meters").notNull(),
    /** m/s */
    maxSpeed: real("max_speed").notNull(),
    /** Fuel level drops during the trip, in percent of the tank; null when the vehicle reports no fuel level. */
    fuelUsedPercent: real("fuel_used_percent"),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // A vehicle starts one trip at a time: a trip stored again updates its row, never adds one
    // (lib/processing/trips/store-activity.ts; so idles and speeding intervals).
    uniqueIndex("trips_vehicle_start_key").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
    index("trips_time_idx").on(t.companyId, t.dataset, t.startTime),
    index("trips_updated_idx").on(t.companyId, t.dataset, t.updatedAt),
  ],
);

/** Engine on, not moving, for at least the company's idle minimum (Samsara's idling events). */
export const idlingEvents = pgTable(
  "idling_events",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    eventUuid: uuid("event_uuid").notNull().defaultRandom(),
    vehicleId: integer("vehicle_id").notNull(),
    driverId: integer("driver_id"),
    startTime: utc("start_time").notNull(),
    endTime: utc("end_time").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    address: text("address").notNull(),
    fuelUsedPercent: real("fuel_used_percent"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("idling_events_vehicle_start_key").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
    index("idling_events_time_idx").on(t.companyId, t.dataset, t.startTime),
  ],
);

/** Faster than the company's speeding threshold, from the first report over it to the first one not. */
export const speedingIntervals = pgTable(
  "speeding_intervals",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    driverId: integer("driver_id"),
    startTime: utc("start_time").notNull(),
    endTime: utc("end_time").notNull(),
    /** m/s */
    maxSpeed: real("max_speed").notNull(),
    /** The threshold in force when it was detected, m/s. */
    thresholdSpeed: real("threshold_speed").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("speeding_intervals_vehicle_start_key").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
    index("speeding_intervals_time_idx").on(t.companyId, t.dataset, t.startTime),
  ],
);

/**
 * Per vehicle, local day (the company's zone) and driver: the detected trips and idles that started
 * that day, summed (lib/processing/trips/activity-days.ts). Rewritten with the trips and idles in the trip
 * processor's transaction, and rebuilt whole when the company's zone changes, so it always equals
 * grouping them; the daily summary report reads it instead of grouping at request time.
 */
export const vehicleActivityDays = pgTable(
  "vehicle_activity_days",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Who drove at the start of the trips and idles counted here (null: nobody); the report's driver filter needs it. */
    driverId: integer("driver_id"),
    trips: integer("trips").notNull(),
    distanceMeters: doublePrecision("distance_meters").notNull(),
    drivingSeconds: doublePrecision("driving_seconds").notNull(),
    idleSeconds: doublePrecision("idle_seconds").notNull(),
    /** Trips' and idles' fuel used together, in percent of the tank; null when none of them reported a fuel level. */
    fuelUsedPercent: doublePrecision("fuel_used_percent"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // Vehicle before day: the trip processor rewrites one vehicle's recent days.
    unique("vehicle_activity_days_key").on(t.companyId, t.dataset, t.vehicleId, t.day, t.driverId).nullsNotDistinct(),
    // The daily summary reads a range of days for the whole fleet.
    index("vehicle_activity_days_day_idx").on(t.companyId, t.dataset, t.day),
  ],
);

/**
 * The activity detector's memory of one vehicle (lib/processing/trips/detector-state-row.ts maps it to and from
 * lib/processing/trips/activity-detector.ts's state): the newest sample, the last values reported, and the trip,
 * idle and speeding interval under way, as of `last_time_ms`. Rows at or before that are late and
 * make the processor recompute the vehicle's recent window. Plain columns, not JSON: every report
 * rewrites the row, and parsing a JSON state cost more than detection (docs/scaling.md). Times are
 * epoch milliseconds (exact, and read back without parsing a timestamp).
 */
export const tripDetectorStates = pgTable(
  "trip_detector_states",
  {
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    /** The newest row (position or stat) processed. */
    lastTimeMs: bigint("last_time_ms", { mode: "number" }).notNull(),
    /**
     * The change sequence this row is complete through, for the vehicle: the processor writes states
     * every few seconds, not every window (lib/processing/trips/known-detector-states.ts), and rolls them
     * forward from here when another process continues.
     */
    seq: bigint("seq", { mode: "number" }).notNull().default(0),
    /** The newest motion sample (null before the vehicle's first position): where a trip begins from. */
    sampleTimeMs: bigint("sample_time_ms", { mode: "number" }),
    sampleLatitude: doublePrecision("sample_latitude"),
    sampleLongitude: doublePrecision("sample_longitude"),
    sampleSpeed: doublePrecision("sample_speed"),
    sampleEngineState: text("sample_engine_state", { enum: ENGINE_STATES }),
    sampleOdometerMeters: doublePrecision("sample_odometer_meters"),
    sampleFuelPercent: doublePrecision("sample_fuel_percent"),
    /** The last values reported, which the next position takes (lib/processing/trips/motion-samples.ts). */
    carryLatitude: doublePrecision("carry_latitude"),
    carryLongitude: doublePrecision("carry_longitude"),
    carrySpeed: doublePrecision("carry_speed").notNull(),
    carryEngineState: text("carry_engine_state", { enum: ENGINE_STATES }),
    carryOdometerMeters: doublePrecision("carry_odometer_meters"),
    carryFuelPercent: doublePrecision("carry_fuel_percent"),
    /** The trip under way (null start: none); it ends at the newest sample. */
    tripStartTimeMs: bigint("trip_start_time_ms", { mode: "number" }),
    tripStartLatitude: doublePrecision("trip_start_latitude"),
    tripStartLongitude: doublePrecision("trip_start_longitude"),
    tripMaxSpeed: doublePrecision("trip_max_speed"),
    tripGpsMeters: doublePrecision("trip_gps_meters"),
    tripFarthestMeters: doublePrecision("trip_farthest_meters"),
    tripStartOdometerMeters: doublePrecision("trip_start_odometer_meters"),
    tripEndOdometerMeters: doublePrecision("trip_end_odometer_meters"),
    tripRestingSinceMs: bigint("trip_resting_since_ms", { mode: "number" }),
    tripFuelUsedPercent: doublePrecision("trip_fuel_used_percent"),
    tripLastFuelPercent: doublePrecision("trip_last_fuel_percent"),
    /** The idle under way (null start: none). */
    idleStartTimeMs: bigint("idle_start_time_ms", { mode: "number" }),
    idleLatitude: doublePrecision("idle_latitude"),
    idleLongitude: doublePrecision("idle_longitude"),
    idleFuelUsedPercent: doublePrecision("idle_fuel_used_percent"),
    idleLastFuelPercent: doublePrecision("idle_last_fuel_percent"),
    /** The speeding interval under way (null start: none). */
    speedingStartTimeMs: bigint("speeding_start_time_ms", { mode: "number" }),
    speedingLatitude: doublePrecision("speeding_latitude"),
    speedingLongitude: doublePrecision("speeding_longitude"),
    speedingMaxSpeed: doublePrecision("speeding_max_speed"),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset, t.vehicleId] })],
);
