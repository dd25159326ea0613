import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { unclaimedDevices, type UnclaimedProtocol } from "@/db/schema";

/** Records (or counts again) a report from a device whose identifier is registered nowhere. */
export const recordUnclaimedDevice = async ({ db, identifier, protocol, remoteAddress, now = new Date() }: {
  db: Executor; identifier: string; protocol: UnclaimedProtocol; remoteAddress: string; now?: Date;
}) => {
  await db
    .insert(unclaimedDevices)
    .values({ identifier, protocol, firstSeenAt: now, lastSeenAt: now, remoteAddress })
    .onConflictDoUpdate({
      target: [unclaimedDevices.identifier, unclaimedDevices.protocol],
      set: { lastSeenAt: now, remoteAddress, connectionCount: sql`${unclaimedDevices.connectionCount} + 1` },
    });
};

/** A device leaves the list when a company registers its identifier (lib/devices/device-bindings). */
export const forgetUnclaimedDevice = async ({ db, identifier }: { db: Executor; identifier: string }) => {
  await db.delete(unclaimedDevices).where(eq(unclaimedDevices.identifier, identifier));
};

export type UnclaimedDevice = typeof unclaimedDevices.$inferSelect;

/** The unclaimed devices, latest first (for the Devices page). */
export const listUnclaimedDevices = async ({ db, limit = 200 }: { db: Executor; limit?: number }): Promise<UnclaimedDevice[]> =>
  db.select().from(unclaimedDevices).orderBy(desc(unclaimedDevices.lastSeenAt)).limit(limit);

/** One unclaimed device by identifier (the latest report when several protocols used it). */
export const findUnclaimedDevice = async ({ db, identifier }: { db: Executor; identifier: string }): Promise<UnclaimedDevice | null> => {
  const [row] = await db.select().from(unclaimedDevices).where(eq(unclaimedDevices.identifier, identifier)).orderBy(desc(unclaimedDevices.lastSeenAt)).limit(1);
  return row ?? null;
};
