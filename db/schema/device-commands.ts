import { index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/** What the service can ask a tracker to do: the engine immobilizer's relay, a position now, or the protocol's own text. */
export const DEVICE_COMMAND_KINDS = ["engineStop", "engineResume", "requestPosition", "custom"] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];

/**
 * queued: waiting for the device to be connected; sent: written to its connection; answered: the device
 * replied (`answer`); refused: the device replied that it did not carry it out (a JT808 failure result);
 * expired: not delivered within a day (a stale engine stop must not fire later).
 */
export const DEVICE_COMMAND_STATUSES = ["queued", "sent", "answered", "refused", "expired"] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/** Commands to a vehicle's tracker (downlink), each with who asked, what the device was sent and what it answered. */
export const deviceCommands = pgTable(
  "device_commands",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    vehicleId: integer("vehicle_id").notNull(),
    /** The device the command was for when it was queued (its identifier, and protocol: what it is encoded for). */
    deviceIdentifier: text("device_identifier").notNull(),
    protocol: text("protocol").notNull(),
    kind: text("kind", { enum: DEVICE_COMMAND_KINDS }).notNull(),
    /** The protocol's command text the device is sent. */
    text: text("text").notNull(),
    status: text("status", { enum: DEVICE_COMMAND_STATUSES }).notNull().default("queued"),
    requestedByType: text("requested_by_type").notNull(),
    requestedByName: text("requested_by_name").notNull(),
    answer: text("answer").notNull().default(""),
    createdAt: createdAt(),
    sentAt: utc("sent_at"),
    answeredAt: utc("answered_at"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index("device_commands_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.id)],
);
export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
