import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { unclaimedDevices, type TrackerProtocol } from "@/db/schema";

/** Records (or counts again) a connection from a tracker whose IMEI no vehicle carries. */
export const recordUnclaimedDevice = async ({ db, identifier, protocol, remoteAddress, now = new Date() }: {
  db: Executor; identifier: string; protocol: TrackerProtocol; remoteAddress: string; now?: Date;
}) => {
  await db
    .insert(unclaimedDevices)
    .values({ identifier, protocol, firstSeenAt: now, lastSeenAt: now, remoteAddress })
    .onConflictDoUpdate({
      target: [unclaimedDevices.identifier, unclaimedDevices.protocol],
      set: { lastSeenAt: now, remoteAddress, connectionCount: sql`${unclaimedDevices.connectionCount} + 1` },
    });
};

/** A device leaves the list once a vehicle carries its identifier and it connects. */
export const forgetUnclaimedDevice = async ({ db, identifier, protocol }: { db: Executor; identifier: string; protocol: TrackerProtocol }) => {
  await db.delete(unclaimedDevices).where(and(eq(unclaimedDevices.identifier, identifier), eq(unclaimedDevices.protocol, protocol)));
};

/** The unclaimed devices, latest first (for the Devices page). */
export const listUnclaimedDevices = async ({ db }: { db: Executor }) =>
  db.select().from(unclaimedDevices).orderBy(desc(unclaimedDevices.lastSeenAt));
