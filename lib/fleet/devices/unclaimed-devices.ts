import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { unclaimedDevices, type UnclaimedProtocol } from "@/db/schema";

/** Rows the table keeps at most: a flood of made-up identifiers fills it and stops there. */
export const MAX_UNCLAIMED_DEVICES = 10_000;
/** A full table makes room by forgetting devices silent this long. */
const STALE_AFTER_MS = 30 * 86_400_000;

/**
 * Records (or counts again) a report from a device whose identifier is registered nowhere. A new
 * identifier is recorded only while the table holds fewer than `maxRows` (after forgetting devices
 * silent for 30 days): a flood cannot grow it without bound, and the devices recorded before the
 * flood stay claimable. An identifier left out is still refused; it is recorded when there is room.
 */
export const recordUnclaimedDevice = async ({
  db,
  identifier,
  protocol,
  remoteAddress,
  now = new Date(),
  maxRows = MAX_UNCLAIMED_DEVICES,
}: {
  db: Executor;
  identifier: string;
  protocol: UnclaimedProtocol;
  remoteAddress: string;
  now?: Date;
  maxRows?: number;
}) => {
  const seenAgain = await db
    .update(unclaimedDevices)
    .set({ lastSeenAt: now, remoteAddress, connectionCount: sql`${unclaimedDevices.connectionCount} + 1` })
    .where(and(eq(unclaimedDevices.identifier, identifier), eq(unclaimedDevices.protocol, protocol)))
    .returning({ identifier: unclaimedDevices.identifier });
  if (seenAgain.length > 0) return;
  const insertIfRoom = () =>
    queryRows<{ identifier: string }>(
      db,
      sql`insert into unclaimed_devices (identifier, protocol, first_seen_at, last_seen_at, remote_address)
      select ${identifier}, ${protocol}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${remoteAddress}
      where (select count(*) from unclaimed_devices) < ${maxRows}
      on conflict (identifier, protocol) do update set last_seen_at = excluded.last_seen_at, remote_address = excluded.remote_address,
        connection_count = unclaimed_devices.connection_count + 1
      returning identifier`,
    );
  if ((await insertIfRoom()).length > 0) return;
  await db.delete(unclaimedDevices).where(lt(unclaimedDevices.lastSeenAt, new Date(now.getTime() - STALE_AFTER_MS)));
  await insertIfRoom();
};

/** A device leaves the list when a company registers its identifier (lib/fleet/devices/device-bindings). */
export const forgetUnclaimedDevice = async ({ db, identifier }: { db: Executor; identifier: string }) => {
  await db.delete(unclaimedDevices).where(eq(unclaimedDevices.identifier, identifier));
};

export type UnclaimedDevice = typeof unclaimedDevices.$inferSelect;

/**
 * One unclaimed device by its identifier in full (the latest report when several protocols used
 * it). There is no list: no company is shown identifiers of devices that are not its own
 * (docs/decisions.md "Claiming a device: the identifier in full").
 */
export const findUnclaimedDevice = async ({ db, identifier }: { db: Executor; identifier: string }): Promise<UnclaimedDevice | null> => {
  const [row] = await db.select().from(unclaimedDevices).where(eq(unclaimedDevices.identifier, identifier)).orderBy(desc(unclaimedDevices.lastSeenAt)).limit(1);
  return row ?? null;
};
