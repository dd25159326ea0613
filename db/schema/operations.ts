import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export const FAULT_PROTOCOLS = ["j1939", "obdii"] as const;

/** Diagnostic trouble codes: J1939 SPN/FMI or OBD-II DTCs. Active while `clearedAt` is null. */
export const faultCodes = pgTable(
  "fault_codes",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    protocol: text("protocol", { enum: FAULT_PROTOCOLS }).notNull(),
    spnId: integer("spn_id"),
    fmiId: smallint("fmi_id"),
    sourceAddress: smallint("source_address"),
    dtcShortCode: text("dtc_short_code"),
    description: text("description").notNull().default(""),
    occurrenceCount: integer("occurrence_count").notNull().default(1),
    milStatus: boolean("mil_status").notNull().default(false),
    firstSeenAt: utc("first_seen_at").notNull(),
    lastSeenAt: utc("last_seen_at").notNull(),
    clearedAt: utc("cleared_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    /** A vehicle raises at most one fault at an instant: what makes re-covering a window idempotent. */
    uniqueIndex("fault_codes_vehicle_idx").on(t.companyId, t.vehicleId, t.firstSeenAt),
    index("fault_codes_active_idx")
      .on(t.companyId, t.dataset, t.vehicleId)
      .where(sql`cleared_at is null`),
  ],
);

export const DUTY_STATUSES = ["offDuty", "sleeperBed", "driving", "onDuty", "yardMove", "personalConveyance"] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];

/** Duty-status changes; an entry lasts until the driver's next entry. */
export const hosLogs = pgTable(
  "hos_logs",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    vehicleId: integer("vehicle_id"),
    status: text("status", { enum: DUTY_STATUSES }).notNull(),
    startTime: utc("start_time").notNull(),
    adverseDriving: boolean("adverse_driving").notNull().default(false),
    /** The 16-hour exception (49 CFR 395.1(o)) claimed for the duty period this entry belongs to. */
    sixteenHourException: boolean("sixteen_hour_exception").notNull().default(false),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    remark: text("remark").notNull().default(""),
    /** Where the entry was made, in words (a place or city name), as the driver or a gazetteer gave it. */
    locationName: text("location_name"),
    origin: text("origin", { enum: ["automatic", "manual", "simulator"] })
      .notNull()
      .default("automatic"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("hos_logs_driver_time_idx").on(t.companyId, t.driverId, t.startTime),
    index("hos_logs_tenant_time_idx").on(t.companyId, t.dataset, t.startTime),
    /** The driver of a vehicle at a time (an incident's driver): the last entry naming the vehicle before it. */
    index("hos_logs_vehicle_time_idx").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
  ],
);

export const WASTE_JOB_STATUSES = ["Scheduled", "Assigned", "InProgress", "Completed", "Cancelled"] as const;
export const WASTE_SERVICE_TYPES = ["Collection", "Delivery", "Exchange", "Removal", "Recycling"] as const;

export const wasteJobs = pgTable(
  "waste_jobs",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    scheduledDate: utc("scheduled_date").notNull(),
    serviceType: text("service_type").notNull(),
    status: text("status").notNull(),
    pickUpClientName: text("pick_up_client_name").notNull(),
    pickUpAddress: text("pick_up_address").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    assignedToAssetId: integer("assigned_to_asset_id"),
    assignedToDriverId: integer("assigned_to_driver_id"),
    tonnage: real("tonnage").notNull().default(0),
    /** When the job became Completed (its vehicle left the pick-up), for showing where and when it was done. */
    completedAt: utc("completed_at"),
    utcCreated: utc("utc_created").notNull().defaultNow(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("waste_jobs_scheduled_idx").on(t.companyId, t.dataset, t.scheduledDate, t.id),
    index("waste_jobs_status_idx").on(t.companyId, t.dataset, t.status, t.scheduledDate),
    index("waste_jobs_asset_idx").on(t.companyId, t.dataset, t.assignedToAssetId, t.scheduledDate),
  ],
);

export type FuelPrice = { diesel: number; discount: number };

/** Fuel stops a partner proposes for an asset (POST /api/v2/assets/fuelStopProposal). */
export const fuelStopProposals = pgTable(
  "fuel_stop_proposals",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    fuelPrices: jsonb("fuel_prices").$type<FuelPrice[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("fuel_stop_proposals_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.createdAt)],
);

/** A destination or fuel stop proposed for a driver (POST /api/v2/assets/driverProposedFuelStop). */
export const driverProposedStops = pgTable(
  "driver_proposed_stops",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    driverId: integer("driver_id"),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("driver_proposed_stops_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.createdAt)],
);

/** Snapshot/video events delivered by the camera platform's webhook; `eventId` makes delivery idempotent. */
export const cameraEvents = pgTable(
  "camera_events",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    eventId: text("event_id").notNull(),
    deviceId: text("device_id").notNull(),
    vehicleId: integer("vehicle_id"),
    vin: text("vin"),
    kind: text("kind", { enum: ["snapshot", "video"] }).notNull(),
    mediaUrl: text("media_url").notNull(),
    capturedAt: utc("captured_at").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("camera_events_event_idx").on(t.companyId, t.eventId),
    index("camera_events_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.capturedAt),
  ],
);

/**
 * Token buckets shared by every app instance (public API quotas, sign-in throttling, legacy per-asset limits).
 * Local: on Citus it stays a plain table on the coordinator (hot, throwaway, keyed by more than companies).
 */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  /** Whether the latest take succeeded; lets one upsert both take a token and report the outcome. */
  lastAllowed: boolean("last_allowed").notNull(),
  updatedAt: utc("updated_at").notNull(),
});

/**
 * The last period each cluster-wide background job was claimed for (lib/platform/jobs/claim-period.ts): the
 * instance whose conditional upsert moves `period_start` runs the job for that period, the others skip.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  periodStart: utc("period_start").notNull(),
  claimedAt: utc("claimed_at").notNull(),
});
