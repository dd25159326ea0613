import { desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { apiKeyEvents, apiKeys, users } from "@/db/schema";

export type ApiKeyEvent = {
  id: number;
  action: "created" | "revoked";
  apiKeyId: string;
  keyName: string;
  keyStart: string;
  actorName: string | null;
  createdAt: Date;
};

/** The company's audit trail of keys (who created or revoked which key, and when), newest first. */
export const listApiKeyEvents = async ({ db = getDb(), companyId, limit = 200 }: { db?: Executor; companyId: number; limit?: number }): Promise<ApiKeyEvent[]> =>
  db
    .select({
      id: apiKeyEvents.id,
      action: apiKeyEvents.action,
      apiKeyId: apiKeyEvents.apiKeyId,
      keyName: apiKeys.name,
      keyStart: apiKeys.start,
      actorName: users.name,
      createdAt: apiKeyEvents.createdAt,
    })
    .from(apiKeyEvents)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyEvents.apiKeyId))
    .leftJoin(users, eq(users.id, apiKeyEvents.actorUserId))
    .where(eq(apiKeyEvents.companyId, companyId))
    .orderBy(desc(apiKeyEvents.createdAt), desc(apiKeyEvents.id))
    .limit(limit);
