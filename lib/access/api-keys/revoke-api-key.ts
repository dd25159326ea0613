import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { forgetCachedApiKeys } from "./authenticate-api-key";
import { apiKeyRecordColumns, toApiKeyRecord, type ApiKeyRecord } from "./api-key-record";
import { findApiKey } from "./list-api-keys";

/**
 * Revokes one of the company's keys: this instance refuses it (401) from the next request, other
 * instances once their short key cache expires. Revoking again is harmless: it keeps the first
 * revokedAt and records no second audit event.
 */
export const revokeApiKey = async ({
  db = getDb(),
  companyId,
  id,
  actor,
}: {
  db?: Database;
  companyId: number;
  id: string;
  actor: AuditActor;
}): Promise<ApiKeyRecord> => {
  const record = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning(apiKeyRecordColumns);
    if (revoked) {
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "api_key.revoked",
        target: { type: "api_key", id },
        changes: { revokedAt: { before: null, after: revoked.revokedAt?.toISOString() ?? null } },
      });
      return toApiKeyRecord(revoked);
    }
    const existing = await findApiKey({ db: tx, companyId, id });
    if (!existing) throw new AppError("not_found", `No API key with id "${id}".`);
    return existing;
  });
  forgetCachedApiKeys();
  return record;
};
