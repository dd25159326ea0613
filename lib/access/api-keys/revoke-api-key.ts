import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { revokeOnce, type AuditActor } from "@/lib/platform/audit";
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
  const record = await revokeOnce({
    db,
    companyId,
    actor,
    target: { type: "api_key", id },
    revoke: async (tx) =>
      (
        await tx
          .update(apiKeys)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
          .returning(apiKeyRecordColumns)
      ).map(toApiKeyRecord)[0],
    find: async (tx) => (await findApiKey({ db: tx, companyId, id })) ?? undefined,
    notFound: `No API key with id "${id}".`,
  });
  forgetCachedApiKeys();
  return record;
};
