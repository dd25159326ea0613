import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/**
 * A preventive maintenance program (an oil change every 25,000 km / 500 h / 6 months): a service due
 * at whichever of its intervals comes first, for the vehicles it names and those carrying its tags (or
 * a tag under them). At least one interval is set.
 */
export const maintenancePrograms = pgTable(
  "maintenance_programs",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    intervalMeters: doublePrecision("interval_meters"),
    intervalEngineHours: doublePrecision("interval_engine_hours"),
    intervalMonths: integer("interval_months"),
    /** With `tagIds` empty as well: no vehicle (a program applies to what it names, unlike an alert rule). */
    vehicleIds: integer("vehicle_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tagIds: integer("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
    deletedAt: utc("deleted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("maintenance_programs_tenant_idx")
      .on(t.companyId, t.dataset)
      .where(sql`deleted_at is null`),
  ],
);

export const MAINTENANCE_STATUSES = ["ok", "dueSoon", "overdue"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/**
 * One vehicle on one program: the last service (when, and the odometer and engine hours then: the
 * program's start when none is recorded; a reading unknown then is the first one reported after), and
 * the status the maintenance processor last computed from the vehicle's readings (lib/processing/maintenance),
 * with when it became that. Readings are the vehicle's latest (vehicle_state), not copied here.
 */
export const vehicleMaintenance = pgTable(
  "vehicle_maintenance",
  {
    ...tenantColumns(),
    programId: integer("program_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    serviceAt: utc("service_at").notNull(),
    serviceOdometerMeters: doublePrecision("service_odometer_meters"),
    serviceEngineSeconds: doublePrecision("service_engine_seconds"),
    status: text("status", { enum: MAINTENANCE_STATUSES }).notNull().default("ok"),
    statusSince: utc("status_since").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.programId, t.vehicleId] }), index("vehicle_maintenance_vehicle_idx").on(t.companyId, t.vehicleId)],
);
