import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/**
 * An alert rule (Samsara's alert configuration). `trigger` is our small model (lib/processing/alerts/alert-trigger.ts),
 * mapped to and from Samsara's trigger shapes at the API; `actions` are kept as the caller sent them.
 */
export const alertRules = pgTable(
  "alert_rules",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    trigger: jsonb("trigger").notNull(),
    /** With `tagIds` empty as well: every vehicle of the tenant. */
    vehicleIds: integer("vehicle_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Vehicles with one of these tags (or a tag under one of them) are in scope too. */
    tagIds: integer("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    actions: jsonb("actions").$type<unknown[]>().notNull().default([]),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    /** Samsara's operationalSettings (lib/processing/alerts/operational-settings.ts): when the rule may raise incidents; null: always. */
    operationalSettings: jsonb("operational_settings"),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
    deletedAt: utc("deleted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("alert_rules_tenant_idx")
      .on(t.companyId, t.dataset)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * What one rule remembers of one vehicle between batches (lib/processing/alerts/rule-state.ts): a duration
 * running or an incident open. A row exists only while it remembers something, so the rows follow
 * transitions, not vehicles × rules. Written by the alerts processor (telemetry rules), the silent-device
 * check and the condition check (each its own rules), in the transaction that opens the incidents.
 */
export const alertRuleStates = pgTable(
  "alert_rule_states",
  {
    ...tenantColumns(),
    ruleId: integer("rule_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    state: jsonb("state").notNull(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ruleId, t.vehicleId] })],
);

/**
 * What the alerts processor knows of one vehicle whatever the rules: the newest position and stat
 * times it evaluated (anything at or before is late and skipped) and the places the vehicle is in,
 * since when. Shared by every rule, so a rule made while a vehicle is in a place does not see an entry.
 */
export const alertVehicleStates = pgTable(
  "alert_vehicle_states",
  {
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    positionMs: bigint("position_ms", { mode: "number" }),
    statMs: bigint("stat_ms", { mode: "number" }),
    /** Place id → since when (ms) the vehicle is in it. */
    inside: jsonb("inside").$type<Record<string, number>>().notNull().default({}),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.vehicleId] })],
);

/** One occurrence of a rule's condition for one vehicle: opened when it starts, ended when it clears. */
export const alertIncidents = pgTable(
  "alert_incidents",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    ruleId: integer("rule_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    driverId: integer("driver_id"),
    placeId: integer("place_id"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    startedAt: utc("started_at").notNull(),
    endedAt: utc("ended_at"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    readAt: utc("read_at"),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("alert_incidents_tenant_idx").on(t.companyId, t.dataset, t.id),
    index("alert_incidents_unread_idx")
      .on(t.companyId, t.dataset)
      .where(sql`read_at is null`),
  ],
);

/**
 * A contact (Samsara's alert contact): someone who is not a user and whom alert rules may notify.
 * A rule names contacts in its notification actions (`type: "contact"`); incidents are mailed to the
 * contact's `email` (lib/processing/alerts/alert-recipients.ts). Deleting a contact leaves the rules naming it
 * as they are: they mail it no more.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("contacts_tenant_idx").on(t.companyId, t.dataset, t.id)],
);
