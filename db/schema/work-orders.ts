import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export const WORK_ORDER_STATUSES = ["open", "inProgress", "completed"] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** What a work order was opened for (Samsara's work order item types): a program's service, a defect, a fault code, or by hand. */
export const WORK_ORDER_SOURCES = ["manual", "scheduledMaintenance", "dvirDefect", "fault"] as const;
export type WorkOrderSource = (typeof WORK_ORDER_SOURCES)[number];

/** A line of a work order: a part or labour, its quantity (hours for labour) and unit cost in cents. */
export type WorkOrderLine = { kind: "part" | "labor"; description: string; quantity: number; unitCostCents: number };

/**
 * A repair or service job on one vehicle. Completing one opened for a program's service records that
 * service (the program's next one counts from it); a completed order is the vehicle's service history.
 */
export const workOrders = pgTable(
  "work_orders",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    status: text("status", { enum: WORK_ORDER_STATUSES }).notNull().default("open"),
    description: text("description").notNull(),
    sourceType: text("source_type", { enum: WORK_ORDER_SOURCES }).notNull().default("manual"),
    /** The program, defect or fault code it was opened for (null by hand). */
    sourceId: integer("source_id"),
    lines: jsonb("lines").$type<WorkOrderLine[]>().notNull().default([]),
    /** The vehicle's readings when it was completed. */
    odometerMeters: doublePrecision("odometer_meters"),
    engineSeconds: doublePrecision("engine_seconds"),
    completedAt: utc("completed_at"),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("work_orders_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId),
    index("work_orders_open_idx")
      .on(t.companyId, t.dataset, t.status)
      .where(sql`status <> 'completed'`),
  ],
);
