import { getDb, type Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { actorUserId, changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { randomBase62 } from "@/lib/platform/crypto";
import { CURRENT_API_VERSION } from "@/lib/platform/api-versions";
import { apiKeyRecordColumns, toApiKeyRecord, type ApiKeyRecord } from "./api-key-record";
import type { CreateApiKeyBody } from "./create-api-key-schema";
import { generateApiKey } from "./key-format";

type CreateApiKeyOptions = Omit<CreateApiKeyBody, "environment" | "ipAllowlist"> &
  Partial<Pick<CreateApiKeyBody, "environment" | "ipAllowlist">> & {
    db?: Database;
    companyId: number;
    /** Who creates it; recorded in the audit log with the key's settings (never its secret). */
    actor: AuditActor;
  };

/**
 * Creates a key pinned to the current API version and records who created it in the audit log, in one transaction.
 * Returns the stored record plus `key`, the secret: the only time it exists outside the caller's hands.
 */
export const createApiKey = async ({
  db = getDb(),
  companyId,
  actor,
  name,
  scopes,
  environment = "live",
  ipAllowlist = [],
  expiresAt = null,
}: CreateApiKeyOptions): Promise<ApiKeyRecord & { key: string }> => {
  const { key, hash, start } = generateApiKey(environment);
  const id = `key_${randomBase62(20)}`;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id,
        companyId,
        environment,
        name,
        scopes,
        hash,
        start,
        ipAllowlist,
        apiVersion: CURRENT_API_VERSION,
        expiresAt,
        createdByUserId: actorUserId(actor),
      })
      .returning(apiKeyRecordColumns);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "api_key.created",
      target: { type: "api_key", id },
      changes: changedFields({ before: null, after: { name, scopes, environment, ipAllowlist, expiresAt, start } }),
    });
    return inserted;
  });
  return { ...toApiKeyRecord(row), key };
};
