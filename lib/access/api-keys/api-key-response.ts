import { z } from "zod";
import { DATASETS } from "@/db/schema";
import type { ApiKeyRecord } from "./api-key-record";
import { SCOPES } from "./scopes";

const timestamp = z.iso.datetime();

/** A key as the admin interface sends it (the wire form of ApiKeyRecord: times as ISO 8601 strings). */
export const apiKeySchema = z
  .object({
    id: z.string().meta({ description: "The key's id, `key_…`." }),
    name: z.string(),
    environment: z.enum(DATASETS).meta({ description: "`live` data or the `test` sandbox." }),
    scopes: z.array(z.enum(SCOPES)),
    start: z.string().meta({ description: "The prefix and first characters of the secret, to tell keys apart." }),
    ipAllowlist: z.array(z.string()).meta({ description: "Addresses or CIDRs allowed to use the key; empty means any." }),
    apiVersion: z.string().meta({ description: "The X-Service-Version the key answers with by default." }),
    status: z.enum(["active", "revoked", "expired"]),
    expiresAt: timestamp.nullable(),
    revokedAt: timestamp.nullable(),
    lastUsedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "ApiKey" });

export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().meta({ description: "The secret (`svc_live_…` / `svc_test_…`): in this response only, never again." }) })
  .meta({ id: "CreatedApiKey" });

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) }).meta({ id: "ApiKeyList" });

export type ApiKeyJson = z.infer<typeof apiKeySchema>;
export type ApiKeyListJson = z.infer<typeof apiKeyListSchema>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The wire form of a record; handlers answer with this so the documented schema and the body cannot drift. */
export const presentApiKey = (record: ApiKeyRecord): ApiKeyJson => ({
  id: record.id,
  name: record.name,
  environment: record.environment,
  scopes: record.scopes,
  start: record.start,
  ipAllowlist: record.ipAllowlist,
  apiVersion: record.apiVersion,
  status: record.status,
  expiresAt: iso(record.expiresAt),
  revokedAt: iso(record.revokedAt),
  lastUsedAt: iso(record.lastUsedAt),
  createdAt: record.createdAt.toISOString(),
});

export const presentCreatedApiKey = (created: ApiKeyRecord & { key: string }): z.infer<typeof createdApiKeySchema> => ({
  ...presentApiKey(created),
  key: created.key,
});
