import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { utc } from "./columns";

export const TRACKER_PROTOCOLS = ["teltonika", "gt06"] as const;
export type TrackerProtocol = (typeof TRACKER_PROTOCOLS)[number];

/**
 * Hardware trackers that connected with an identifier (IMEI) no vehicle carries. Global (there is
 * no company yet: whoever registers the identifier claims the device); a device leaves the list on
 * its first accepted connection.
 */
export const unclaimedDevices = pgTable(
  "unclaimed_devices",
  {
    identifier: text("identifier").notNull(),
    protocol: text("protocol", { enum: TRACKER_PROTOCOLS }).notNull(),
    firstSeenAt: utc("first_seen_at").notNull(),
    lastSeenAt: utc("last_seen_at").notNull(),
    remoteAddress: text("remote_address").notNull(),
    connectionCount: integer("connection_count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.protocol] })],
);
