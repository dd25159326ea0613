import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Database } from "@/db/client";
import { clientKeys } from "@/db/schema";
import { actorUserId, recordAuditEvent, revokeOnce, type AuditActor } from "@/lib/platform/audit";
import { randomBase62, sha256Hex } from "@/lib/platform/crypto";
import { AppError, fromZodError } from "@/lib/platform/errors";

/** 40 base62 characters (about 238 bits): legacy partners send it as X-Client-Key. */
const CLIENT_KEY_LENGTH = 40;
const VISIBLE_START = 6;

export const clientKeyNameSchema = z.string().trim().min(1, "Give the ClientKey a name (the partner it is for).").max(120, "At most 120 characters.");

const recordColumns = { id: clientKeys.id, name: clientKeys.name, start: clientKeys.start, createdAt: clientKeys.createdAt, revokedAt: clientKeys.revokedAt };

/** A ClientKey as pages list it: never the key, only its first characters. */
export type ClientKeyRecord = { id: number; name: string; start: string; createdAt: Date; revokedAt: Date | null };

/** The company's ClientKeys, newest first, revoked ones too (with when). */
export const listClientKeys = ({ db = getDb(), companyId }: { db?: Database; companyId: number }): Promise<ClientKeyRecord[]> =>
  db.select(recordColumns).from(clientKeys).where(eq(clientKeys.companyId, companyId)).orderBy(desc(clientKeys.createdAt), desc(clientKeys.id));

/**
 * Makes a ClientKey for one legacy partner of the company. Only its SHA-256 and first characters
 * are stored; the key itself is returned this once. Audited as `client_key.created`.
 */
export const createClientKey = async ({ db = getDb(), companyId, name, actor }: { db?: Database; companyId: number; name: string; actor: AuditActor }) => {
  const parsed = clientKeyNameSchema.safeParse(name);
  if (!parsed.success) throw fromZodError(parsed.error, "name");
  const key = randomBase62(CLIENT_KEY_LENGTH);
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(clientKeys)
      .values({ companyId, name: parsed.data, hash: sha256Hex(key), start: `${key.slice(0, VISIBLE_START)}…`, createdByUserId: actorUserId(actor) })
      .returning(recordColumns);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "client_key.created",
      target: { type: "client_key", id: record.id },
      changes: { name: { before: null, after: record.name }, start: { before: null, after: record.start } },
    });
    return { record, key };
  });
};

/**
 * Revokes one of the company's ClientKeys. GET /api/v1/auth and every legacy request read the key's
 * row (no cache), so the key and every token already issued for it are refused from the next request
 * on every instance. Revoking again keeps the first time and records nothing; another company's id is 404.
 */
export const revokeClientKey = ({
  db = getDb(),
  companyId,
  id,
  actor,
}: {
  db?: Database;
  companyId: number;
  id: number;
  actor: AuditActor;
}): Promise<ClientKeyRecord> =>
  revokeOnce({
    db,
    companyId,
    actor,
    target: { type: "client_key", id },
    revoke: async (tx) =>
      (
        await tx
          .update(clientKeys)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(clientKeys.companyId, companyId), eq(clientKeys.id, id), isNull(clientKeys.revokedAt)))
          .returning(recordColumns)
      )[0],
    find: async (tx) =>
      (
        await tx
          .select(recordColumns)
          .from(clientKeys)
          .where(and(eq(clientKeys.companyId, companyId), eq(clientKeys.id, id)))
      )[0],
    notFound: `No ClientKey with id ${id}.`,
  });
