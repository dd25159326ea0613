import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { contacts, deviceLookups, drivers, places, tags, users, vehicles, webhooks } from "@/db/schema";
import { logger } from "@/lib/platform/logger";
import type { AuditActor } from "./audit-actor";
import { recordRefusal } from "./record-refusal";

/** The company holding `id`, whichever it is: one read by the id (the primary key's second column on tenant tables). */
const ownerById =
  (table: PgTable & { id: PgColumn; companyId: PgColumn }) =>
  async (db: Executor, id: string | number): Promise<number | undefined> => {
    const [row] = await db
      .select({ companyId: table.companyId })
      .from(table)
      .where(eq(table.id, Number(id)))
      .limit(1);
    return row?.companyId as number | undefined;
  };

/**
 * The records whose ids a caller of another company may name, each with its `<type>.foreign_lookup`
 * action and how to find the company holding an id. Devices are named by their identifier (the
 * global device_lookups table).
 */
const OWNER_OF = {
  user: ownerById(users),
  vehicle: ownerById(vehicles),
  trailer: ownerById(vehicles),
  driver: ownerById(drivers),
  place: ownerById(places),
  contact: ownerById(contacts),
  tag: ownerById(tags),
  webhook: ownerById(webhooks),
  device: async (db: Executor, identifier: string | number) => {
    const [row] = await db
      .select({ companyId: deviceLookups.companyId })
      .from(deviceLookups)
      .where(eq(deviceLookups.deviceId, String(identifier)))
      .limit(1);
    return row?.companyId;
  },
};

export type ForeignLookupTarget = keyof typeof OWNER_OF;

/**
 * Call after a 404 only (never on a success: it costs a read across companies). When another company
 * holds the id, the refusal goes into THAT company's log (never the caller's: there it would tell which
 * ids exist elsewhere), without the caller's name, key or address (that would tell one tenant about
 * another); the request id leads the operator to the request log. Counted per record and minute
 * (recordRefusal). A failure here is logged and swallowed: the caller's answer stays the same 404.
 */
export const recordForeignLookup = async ({
  db,
  callerCompanyId,
  target,
  actor,
}: {
  db: Executor;
  callerCompanyId: number;
  target: { type: ForeignLookupTarget; id: string | number };
  actor: Pick<AuditActor, "type" | "requestId">;
}): Promise<void> => {
  try {
    const owner = await OWNER_OF[target.type](db, target.id);
    if (owner === undefined || owner === callerCompanyId) return;
    await recordRefusal({
      db,
      companyId: owner,
      actor: { type: actor.type, id: null, name: "A caller of another company", ip: null, requestId: actor.requestId },
      action: `${target.type}.foreign_lookup`,
      target,
      subject: "another company",
      reason: "Asked for by another company's credential; answered 404.",
    });
  } catch (error) {
    logger.warn({ requestId: actor.requestId, err: error instanceof Error ? error.message : String(error) }, "foreign lookup not recorded");
  }
};
