import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { deviceLookups, drivers, places, tags, users, vehicles, webhooks } from "@/db/schema";
import { recordForeignLookup, type AuditActor, type ForeignLookupTarget } from "@/lib/audit";
import { logger } from "@/lib/logger";

type ForeignRecord = { type: ForeignLookupTarget; ownerOf: (db: Executor, id: unknown) => Promise<number | undefined> };

/** The company holding `id`, whichever it is: one read by the id (the primary key's second column on tenant tables). */
const ownerById =
  (table: PgTable & { id: PgColumn; companyId: PgColumn }) =>
  async (db: Executor, id: unknown): Promise<number | undefined> => {
    const [row] = await db.select({ companyId: table.companyId }).from(table).where(eq(table.id, id)).limit(1);
    return row?.companyId as number | undefined;
  };

const deviceOwner = async (db: Executor, serial: unknown) => {
  const [row] = await db.select({ companyId: deviceLookups.companyId }).from(deviceLookups).where(eq(deviceLookups.deviceId, String(serial))).limit(1);
  return row?.companyId;
};

/**
 * The /fleet routes that name one record by a path parameter, with that record's type and how to find
 * the company holding an id. Keyed by the endpoint's path; the parameter is the path's one `{name}`.
 */
const FOREIGN_RECORDS: Record<string, ForeignRecord> = {
  "/users/{id}": { type: "user", ownerOf: ownerById(users) },
  "/fleet/vehicles/{id}": { type: "vehicle", ownerOf: ownerById(vehicles) },
  "/fleet/drivers/{id}": { type: "driver", ownerOf: ownerById(drivers) },
  "/v1/fleet/drivers/{driverId}/hos/duty_status": { type: "driver", ownerOf: ownerById(drivers) },
  "/addresses/{id}": { type: "place", ownerOf: ownerById(places) },
  "/tags/{id}": { type: "tag", ownerOf: ownerById(tags) },
  "/webhooks/{id}": { type: "webhook", ownerOf: ownerById(webhooks) },
  "/gateways/{id}": { type: "device", ownerOf: deviceOwner },
};

/** The record a path names by its parameter, or null for a path without one (lists, creations). */
export const foreignRecordOf = (path: string) => {
  const record = FOREIGN_RECORDS[path];
  const param = /\{(\w+)\}/.exec(path)?.[1];
  return record && param ? { ...record, param } : null;
};

/**
 * After a 404 on such a route (never on a success): when the id belongs to another company, that
 * company's audit log gets an aggregated `<type>.foreign_lookup` row. A failure here is logged and
 * swallowed: the caller's answer must stay the same 404 whatever happens.
 */
export const recordIfForeign = async ({ db, companyId, record, id, actor }: {
  db: Executor;
  companyId: number;
  record: ForeignRecord;
  id: unknown;
  actor: AuditActor;
}): Promise<void> => {
  try {
    const owner = await record.ownerOf(db, id);
    if (owner === undefined || owner === companyId) return;
    await recordForeignLookup({ db, ownerCompanyId: owner, target: { type: record.type, id: String(id) }, actor });
  } catch (error) {
    logger.warn({ requestId: actor.requestId, err: error instanceof Error ? error.message : String(error) }, "foreign lookup not recorded");
  }
};
