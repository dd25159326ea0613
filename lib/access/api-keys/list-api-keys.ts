import { and, desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { apiKeyRecordColumns, toApiKeyRecord, type ApiKeyRecord } from "./api-key-record";

/** The company's keys, newest first, live and sandbox alike; never the hash or the secret. */
export const listApiKeys = async ({ db = getDb(), companyId }: { db?: Executor; companyId: number }): Promise<ApiKeyRecord[]> => {
  const rows = await db.select(apiKeyRecordColumns).from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyRecord);
};

/** One of the company's keys, or null (another company's id is simply not found). */
export const findApiKey = async ({ db = getDb(), companyId, id }: { db?: Executor; companyId: number; id: string }): Promise<ApiKeyRecord | null> => {
  const [row] = await db
    .select(apiKeyRecordColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row ? toApiKeyRecord(row) : null;
};
