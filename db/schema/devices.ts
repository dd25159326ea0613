import { bigint, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, DATASETS, tenantColumns, utc } from "./columns";
import { UNCLAIMED_PROTOCOLS } from "./trackers";

/**
 * What a registered device is, which says how it reports: Teltonika, GT06, H02, GPS103, Queclink, JT808, Suntech, Meitrack and Ruptela trackers over TCP,
 * a phone or tracker speaking OsmAnd over HTTP, a gateway posting batches with an ingest token.
 */
export const DEVICE_MODELS = [
  "teltonika",
  "gt06",
  "h02",
  "gps103",
  "queclink",
  "jt808",
  "suntech",
  "meitrack",
  "ruptela",
  "osmand",
  "gateway",
  "other",
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

/**
 * A company's registered trackers. `identifier` is what the device reports as (IMEI, OsmAnd id,
 * serial); a device reports for at most one vehicle and a vehicle has at most one device. Binding
 * changes go through lib/fleet/devices/device-bindings.ts, which keeps `device_lookups` in step.
 */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    identifier: text("identifier").notNull(),
    model: text("model", { enum: DEVICE_MODELS }).notNull(),
    name: text("name").notNull().default(""),
    vehicleId: integer("vehicle_id"),
    /** When the device was bound to its current vehicle: that vehicle's reports before then came from another device. */
    boundAt: utc("bound_at"),
    /**
     * The company's feed sequence when it was bound: the vehicle's reports written after it are this device's, even
     * stamped before `boundAt` (a tracker sends what it kept while it was refused, once it is claimed).
     */
    boundSeq: bigint("bound_seq", { mode: "number" }),
    /**
     * The device's last message of any kind (logins and heartbeats too), the protocol it spoke and what the protocol
     * calls the message ("Codec 8E", "heartbeat 0x13", "V1"…): written a few seconds late, in batches
     * (lib/ingestion/trackers/last-messages.ts; docs/decisions.md "Last message of each device").
     */
    lastMessageAt: utc("last_message_at"),
    lastMessageProtocol: text("last_message_protocol", { enum: UNCLAIMED_PROTOCOLS }),
    lastMessageKind: text("last_message_kind"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("devices_identifier_idx").on(t.companyId, t.identifier),
    uniqueIndex("devices_vehicle_idx").on(t.companyId, t.vehicleId),
    index("devices_tenant_idx").on(t.companyId, t.dataset, t.id),
  ],
);

/**
 * Global: every registered device identifier, with its company and the vehicle it reports for
 * (null: registered, not bound). Trackers name only their identifier, before the company is known;
 * the primary key keeps an identifier registered in one company at most. Written only with its
 * `devices` row, in the same transaction.
 */
export const deviceLookups = pgTable("device_lookups", {
  deviceId: text("device_id").primaryKey(),
  companyId: integer("company_id").notNull(),
  dataset: text("dataset", { enum: DATASETS }).notNull(),
  vehicleId: integer("vehicle_id"),
});
