import { boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export const ASSIGNMENT_SOURCES = ["api", "dashboard"] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

/**
 * Who drove which vehicle when (Samsara's driver-vehicle assignments): `[start_time, end_time)`,
 * open while `end_time` is null. Two assignments of one vehicle (drivers, not passengers) or of one
 * driver never overlap: lib/fleet/assignments checks that under a row lock on the vehicle and the driver.
 * Where no row covers an instant, the driver's static vehicle (`drivers.static_assigned_vehicle_id`)
 * is the default (lib/fleet/assignments/resolve-assignments.ts).
 */
export const driverVehicleAssignments = pgTable(
  "driver_vehicle_assignments",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    startTime: utc("start_time").notNull(),
    /** Null: the assignment is ongoing. */
    endTime: utc("end_time"),
    /** A passenger rides along: it does not count as the vehicle's driver. */
    isPassenger: boolean("is_passenger").notNull().default(false),
    /** When the assignment was made (Samsara's `assignedAtTime`). */
    assignedAt: utc("assigned_at").notNull().defaultNow(),
    source: text("source", { enum: ASSIGNMENT_SOURCES }).notNull(),
    /** Samsara's `metadata.sourceName`: the external system that made it. */
    sourceName: text("source_name"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    /** "Who drove vehicle V at T" and the overlap check per vehicle. */
    index("driver_vehicle_assignments_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
    /** "Which vehicle did driver D drive at T" and the overlap check per driver. */
    index("driver_vehicle_assignments_driver_idx").on(t.companyId, t.dataset, t.driverId, t.startTime),
  ],
);

/**
 * Samsara's carrier-proposed assignments: a vehicle (with trailers and shipping documents) the
 * carrier proposes to a driver, shown in the driver's logbook from `active_time`; the driver accepts
 * it (a driver-vehicle assignment from then on) or rejects it. A driver has at most one pending
 * proposal: a new one replaces it (lib/fleet/assignments/carrier-proposals.ts).
 */
export const carrierProposedAssignments = pgTable(
  "carrier_proposed_assignments",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    driverId: integer("driver_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    trailerNames: text("trailer_names").array().notNull().default([]),
    shippingDocs: text("shipping_docs"),
    activeTime: utc("active_time").notNull(),
    /** When the driver's logbook first showed it. */
    firstSeenAt: utc("first_seen_at"),
    acceptedAt: utc("accepted_at"),
    rejectedAt: utc("rejected_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("carrier_proposed_assignments_driver_idx").on(t.companyId, t.dataset, t.driverId)],
);

export const TRAILER_ASSIGNMENT_SOURCES = ["api", "logbook", "detected"] as const;
export type TrailerAssignmentSource = (typeof TRAILER_ASSIGNMENT_SOURCES)[number];

/**
 * Which trailer was coupled when, `[start_time, end_time)`, open while `end_time` is null. A driver's
 * assignment (Samsara's driver-trailer assignment: the API or the logbook) names the driver; a detected
 * coupling (lib/processing/trailer-coupling: the trailer moved with a tractor) names the tractor. One
 * trailer has at most one open row.
 */
export const trailerAssignments = pgTable(
  "trailer_assignments",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    trailerId: integer("trailer_id").notNull(),
    driverId: integer("driver_id"),
    /** The tractor: set on detected couplings. */
    vehicleId: integer("vehicle_id"),
    startTime: utc("start_time").notNull(),
    endTime: utc("end_time"),
    source: text("source", { enum: TRAILER_ASSIGNMENT_SOURCES }).notNull(),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("trailer_assignments_trailer_idx").on(t.companyId, t.dataset, t.trailerId, t.startTime),
    index("trailer_assignments_driver_idx").on(t.companyId, t.dataset, t.driverId, t.startTime),
    index("trailer_assignments_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.startTime),
  ],
);
