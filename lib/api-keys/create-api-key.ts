import { getDb, type Database } from "@/db/client";
import { apiKeyEvents, apiKeys } from "@/db/schema";
import { randomBase62 } from "@/lib/crypto";
import { CURRENT_API_VERSION } from "@/lib/api-versions";
import { apiKeyRecordColumns, toApiKeyRecord, type ApiKeyRecord } from "./api-key-record";
import type { CreateApiKeyBody } from "./create-api-key-schema";
import { generateApiKey } from "./key-format";

type CreateApiKeyOptions = Omit<CreateApiKeyBody, "environment" | "ipAllowlist"> &
  Partial<Pick<CreateApiKeyBody, "environment" | "ipAllowlist">> & {
    db?: Database;
    companyId: number;
    actorUserId: number | null;
  };

/**
 * Creates a key pinned to the current API version and records who created it, in one transaction.
 * Returns the stored record plus `key`, the secret: the only time it exists outside the caller's hands.
 */
export const createApiKey = async ({
  db = getDb(),
  companyId,
  actorUserId,
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
      .values({ id, companyId, environment, name, scopes, hash, start, ipAllowlist, apiVersion: CURRENT_API_VERSION, expiresAt, createdByUserId: actorUserId })
      .returning(apiKeyRecordColumns);
    await tx.insert(apiKeyEvents).values({ companyId, apiKeyId: id, action: "created", actorUserId, detail: { name, scopes, environment } });
    return inserted;
  });
  return { ...toApiKeyRecord(row), key };
};
