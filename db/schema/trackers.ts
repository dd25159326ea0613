import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { utc } from "./columns";

export const TRACKER_PROTOCOLS = ["teltonika", "gt06", "h02", "gps103", "queclink", "jt808", "suntech", "meitrack", "ruptela"] as const;
export type TrackerProtocol = (typeof TRACKER_PROTOCOLS)[number];

/** How an unclaimed device reported: a TCP tracker's handshake, or an OsmAnd request. */
export const UNCLAIMED_PROTOCOLS = [...TRACKER_PROTOCOLS, "osmand"] as const;
export type UnclaimedProtocol = (typeof UNCLAIMED_PROTOCOLS)[number];

/**
 * Devices that reported (a tracker's handshake, an OsmAnd request) with an identifier registered in
 * no company. Global (there is no company yet: whoever registers the identifier claims the device);
 * a device leaves the list when it is registered.
 */
export const unclaimedDevices = pgTable(
  "unclaimed_devices",
  {
    identifier: text("identifier").notNull(),
    protocol: text("protocol", { enum: UNCLAIMED_PROTOCOLS }).notNull(),
    firstSeenAt: utc("first_seen_at").notNull(),
    lastSeenAt: utc("last_seen_at").notNull(),
    remoteAddress: text("remote_address").notNull(),
    connectionCount: integer("connection_count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.protocol] })],
);
