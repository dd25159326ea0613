import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { UnclaimedProtocol } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/** A device's last message: when it arrived, the protocol it spoke and what that protocol calls it. */
export type LastMessage = Tenant & { identifier: string; protocol: UnclaimedProtocol; kind: string; at: Date };

/** A kind is the protocol's name for a message; a text protocol's may be whatever the device wrote, so it is cut to this. */
export const MAX_MESSAGE_KIND_LENGTH = 40;

/**
 * Stores each device's last message on its `devices` row, in one transaction: one statement per tenant (one
 * shard on Citus), each device matched by its identifier. A message older than the one stored, or newer by
 * less than `resolutionMs` (a caller writing each message as it comes: an OsmAnd phone posting every second),
 * changes nothing; an identifier no longer registered is skipped.
 */
export const recordLastMessages = async ({ db, messages, resolutionMs = 0 }: { db: Executor; messages: readonly LastMessage[]; resolutionMs?: number }) => {
  const byTenant = new Map<string, LastMessage[]>();
  for (const message of messages) {
    const key = `${message.companyId}:${message.dataset}`;
    const group = byTenant.get(key);
    if (group) group.push(message);
    else byTenant.set(key, [message]);
  }
  await db.transaction(async (tx) => {
    for (const group of byTenant.values()) {
      const { companyId, dataset } = group[0];
      // Times go in as timestamptz arrays and the resolution is taken off here: Citus refuses a STABLE cast or
      // timestamp arithmetic on the unnested rows in a distributed update.
      await tx.execute(sql`
        update devices d
        set last_message_at = m.at, last_message_protocol = m.protocol, last_message_kind = m.kind
        from unnest(
          ${sql.param(group.map((message) => message.identifier))}::text[],
          ${sql.param(group.map((message) => message.at.toISOString()))}::timestamptz[],
          ${sql.param(group.map((message) => new Date(message.at.getTime() - resolutionMs).toISOString()))}::timestamptz[],
          ${sql.param(group.map((message) => message.protocol))}::text[],
          ${sql.param(group.map((message) => message.kind.slice(0, MAX_MESSAGE_KIND_LENGTH)))}::text[]
        ) as m(identifier, at, replaces_until, protocol, kind)
        where d.company_id = ${companyId} and d.dataset = ${dataset} and d.identifier = m.identifier
          and (d.last_message_at is null or d.last_message_at <= m.replaces_until)`);
    }
  });
};
