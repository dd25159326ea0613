import { randomUUID } from "node:crypto";
import type { Executor } from "@/db/client";
import { apiKeys, type Dataset } from "@/db/schema";
import { generateApiKey } from "@/lib/access/api-keys/key-format";
import { type Scope, SCOPES } from "@/lib/access/api-keys/scopes";
import { CURRENT_API_VERSION } from "@/lib/platform/api-versions";

type CreateTestApiKeyOptions = {
  db: Executor;
  companyId: number;
  environment?: Dataset;
  scopes?: readonly Scope[];
  ipAllowlist?: readonly string[];
  expiresAt?: Date | null;
  revokedAt?: Date | null;
  apiVersion?: string;
};

/** Inserts an API key row directly (as the admin interface would) and returns the secret and id. */
export const createTestApiKey = async ({
  db,
  companyId,
  environment = "live",
  scopes = SCOPES,
  ipAllowlist = [],
  expiresAt = null,
  revokedAt = null,
  apiVersion = CURRENT_API_VERSION,
}: CreateTestApiKeyOptions) => {
  const { key, hash, start } = generateApiKey(environment);
  const id = `key_${randomUUID().replace(/-/g, "")}`;
  await db.insert(apiKeys).values({
    id,
    companyId,
    environment,
    name: `test key ${id.slice(-6)}`,
    scopes: [...scopes],
    hash,
    start,
    ipAllowlist: [...ipAllowlist],
    apiVersion,
    expiresAt,
    revokedAt,
  });
  return { key, id };
};
