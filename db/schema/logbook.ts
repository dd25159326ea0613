import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { DATASETS, tenantColumns, utc } from "./columns";
import { DUTY_STATUSES } from "./operations";

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
    /** The ELD's self-monitoring (Appendix A 4.6) between batches: lib/hos/eld-monitors/monitor-state.ts. */
    eldMonitors: jsonb("eld_monitors").notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dataset, t.vehicleId] })],
);

export const STOP_PROMPT_ANSWERS = ["driving", "status", "moved", "timeout"] as const;
export type StopPromptAnswer = (typeof STOP_PROMPT_ANSWERS)[number];

/**
 * The stop prompt of the ELD rule (Appendix A 4.4.1.2): the driver's vehicle has stood 5 minutes in automatically
 * recorded Driving, the logbook asks whether they are still driving. Answered: `driving` (they stay Driving),
 * `status` (they chose a duty status), `moved` (the vehicle moved again first) or `timeout` (no answer within the
 * minute: On Duty from `switchAt`, origin automatic).
 */
export const drivingStopPrompts = pgTable(
  "driving_stop_prompts",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    /** The moment the vehicle came to rest (or its engine went off). */
    restedAt: utc("rested_at").notNull(),
    /** When the service knew of the 5 minutes and the logbook began asking; the driver has until `dueAt`, a minute later. */
    promptedAt: utc("prompted_at").notNull(),
    dueAt: utc("due_at").notNull(),
    /** Where On Duty starts without an answer: a minute after the 5 minutes at rest, or at `dueAt` if that is sooner. */
    switchAt: utc("switch_at").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    answer: text("answer", { enum: STOP_PROMPT_ANSWERS }),
    answeredAt: utc("answered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("driving_stop_prompts_driver_idx").on(t.companyId, t.dataset, t.driverId, t.promptedAt),
    /** The sweep's look-up: prompts still waiting, across companies, by when they fall due. */
    index("driving_stop_prompts_open_idx")
      .on(t.dueAt)
      .where(sql`${t.answer} is null`),
  ],
);

export const LOG_EDIT_STATES = ["pending", "accepted", "rejected"] as const;
export type LogEditState = (typeof LOG_EDIT_STATES)[number];

/** A log entry as it was before an accepted edit replaced it: kept for the day's history. */
export type SupersededEntry = { id: number; status: (typeof DUTY_STATUSES)[number]; startTime: string; remark: string; origin: string };

/**
 * A manager's proposed edit of a driver's log (49 CFR 395.30(c)): the status `status` from
 * `startTime` (to `endTime`, else until the next entry), replacing entry `entryId` or, without one,
 * inserted. The log changes only when the driver accepts; the entries it replaced are kept here.
 */
export const hosLogEdits = pgTable(
  "hos_log_edits",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    /** The entry edited; null: an entry inserted. */
    entryId: integer("entry_id"),
    status: text("status", { enum: DUTY_STATUSES }).notNull(),
    startTime: utc("start_time").notNull(),
    /** Where the proposed status ends; null: it lasts until the next entry. */
    endTime: utc("end_time"),
    remark: text("remark").notNull().default(""),
    /** Why the manager proposes it: shown to the driver, required. */
    reason: text("reason").notNull(),
    state: text("state", { enum: LOG_EDIT_STATES }).notNull().default("pending"),
    /** Who proposed it (the audit actor's name and id), kept as it was then. */
    proposedByName: text("proposed_by_name").notNull(),
    proposedById: text("proposed_by_id"),
    proposedAt: utc("proposed_at").notNull().defaultNow(),
    answeredAt: utc("answered_at"),
    /** On acceptance, the entries the edit replaced, as they were. */
    superseded: jsonb("superseded").$type<SupersededEntry[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("hos_log_edits_driver_idx").on(t.companyId, t.dataset, t.driverId, t.startTime)],
);
