import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { DATASETS, tenantColumns, utc } from "./columns";

/**
 * Global: a driver's logbook sign-in, found by username before the company is known (as `users` is
 * by e-mail). Usernames are unique across companies here; the secret (password or PIN) is a bcrypt
 * hash, set by an admin or manager on the driver's page.
 */
export const driverLogins = pgTable("driver_logins", {
  /** Lowercased, as the driver types it. */
  username: text("username").primaryKey(),
  companyId: integer("company_id").notNull(),
  dataset: text("dataset", { enum: DATASETS }).notNull().default("live"),
  driverId: integer("driver_id").notNull(),
  secretHash: text("secret_hash").notNull(),
  updatedAt: utc("updated_at").notNull().defaultNow(),
});

/** A driver's certification of one log day ("I certify these entries are true and correct"), 49 CFR 395.30(b). */
export const hosCertifications = pgTable(
  "hos_certifications",
  {
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    /** The driver's local date (YYYY-MM-DD) on which the day starts. */
    logDate: text("log_date").notNull(),
    certifiedAt: utc("certified_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.driverId, t.logDate] })],
);

export const UNASSIGNED_DRIVING_STATUSES = ["unassigned", "assigned", "accepted", "annotated"] as const;
export type UnassignedDrivingStatus = (typeof UNASSIGNED_DRIVING_STATUSES)[number];

/**
 * A vehicle's motion while no driver was on it (49 CFR 395.32): unassigned until a manager assigns
 * it to a driver (who accepts it, making it their driving time) or annotates why it is nobody's.
 */
export const unassignedDriving = pgTable(
  "unassigned_driving",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    startTime: utc("start_time").notNull(),
    /** The latest moment seen in motion while the segment is open; when it came to rest once closed. */
    endTime: utc("end_time").notNull(),
    /** False while the vehicle is still moving. */
    closed: boolean("closed").notNull().default(false),
    distanceMeters: doublePrecision("distance_meters").notNull().default(0),
    startLatitude: doublePrecision("start_latitude").notNull(),
    startLongitude: doublePrecision("start_longitude").notNull(),
    endLatitude: doublePrecision("end_latitude").notNull(),
    endLongitude: doublePrecision("end_longitude").notNull(),
    status: text("status", { enum: UNASSIGNED_DRIVING_STATUSES }).notNull().default("unassigned"),
    /** The driver it is assigned to (status assigned or accepted). */
    driverId: integer("driver_id"),
    /** Why it is no driver's driving (status annotated), or the manager's note on an assignment. */
    annotation: text("annotation").notNull().default(""),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("unassigned_driving_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.startTime)],
);

/**
 * The automatic-driving detector's memory of one vehicle between telemetry batches: the motion
 * detector's state, and whose driving the open motion is (a driver, or an unassigned segment).
 */
export const drivingDetectorStates = pgTable(
  "driving_detector_states",
  {
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    motion: jsonb("motion").notNull(),
    driverId: integer("driver_id"),
    unassignedId: integer("unassigned_id"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset, t.vehicleId] })],
);
