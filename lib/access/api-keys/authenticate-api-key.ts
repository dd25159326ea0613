import { sql } from "drizzle-orm";
import { forgetOnDatabaseChange, type Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Dataset, PlanTier } from "@/db/schema";
import { hashApiKey, parseKeyEnvironment } from "./key-format";
import { AppError } from "@/lib/platform/errors";
import { readBearerToken } from "@/lib/platform/http/route-context";

/** What a verified key grants: its company (and plan), dataset, scopes, allowlist and pinned version. */
export type AuthenticatedKey = {
  id: string;
  /** The key's name, the audit log's name for what it does. */
  name: string;
  companyId: number;
  planTier: PlanTier;
  dataset: Dataset;
  scopes: string[];
  ipAllowlist: string[];
  apiVersion: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

/**
 * Verified keys are cached in-process for at most this long, so a revocation (or a plan change)
 * takes effect on every instance within 5 seconds without a database round trip per request.
 * Expiry is checked against the clock on every request, so it is exact. Unknown keys are not cached.
 */
export const API_KEY_CACHE_TTL_MS = 5_000;
const LAST_USED_INTERVAL_MS = 60_000;

// On globalThis: Next.js bundles route handlers and server actions as separate module copies, and a
// revocation from the dashboard (a server action) must clear the cache the /fleet handlers read.
const globalForKeys = globalThis as unknown as { fleetApiKeyCache?: Map<string, { key: AuthenticatedKey; fetchedAt: number }> };
const cache = (globalForKeys.fleetApiKeyCache ??= new Map());
const lastUsedWrites = new Map<string, number>();
forgetOnDatabaseChange(() => {
  cache.clear();
  lastUsedWrites.clear();
});

/** Drops cached keys: the admin interface calls it after a revocation so this instance sees it at once. */
export const forgetCachedApiKeys = () => cache.clear();

const unauthorized = (message: string) => new AppError("unauthorized", message);

/** The key from `Authorization: Bearer <key>`; 401 for a missing or malformed header or key. */
export const readBearerKey = (request: Request): { key: string; environment: Dataset } => {
  if (!request.headers.get("authorization")) throw unauthorized("Missing API key: send Authorization: Bearer <API key>.");
  const key = readBearerToken(request);
  const environment = key ? parseKeyEnvironment(key) : null;
  if (!key || !environment) throw unauthorized("Invalid API key.");
  return { key, environment };
};

const findKeyByHash = async (db: Executor, hash: string): Promise<AuthenticatedKey | null> => {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select k.id, k.name, k.company_id, c.plan_tier, k.environment, k.scopes, k.ip_allowlist, k.api_version, k.expires_at, k.revoked_at
        from api_keys k join companies c on c.id = k.company_id where k.hash = ${hash}`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    companyId: Number(row.company_id),
    planTier: row.plan_tier as PlanTier,
    dataset: row.environment as Dataset,
    scopes: row.scopes as string[],
    ipAllowlist: row.ip_allowlist as string[],
    apiVersion: String(row.api_version),
    expiresAt: row.expires_at ? new Date(row.expires_at as string) : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at as string) : null,
  };
};

/** Records use at most once a minute per key per instance: a hot key must not turn every read into a write. */
const touchLastUsed = async (db: Executor, keyId: string, now: number) => {
  if (now - (lastUsedWrites.get(keyId) ?? 0) < LAST_USED_INTERVAL_MS) return;
  lastUsedWrites.set(keyId, now);
  await db.execute(sql`update api_keys set last_used_at = now() where id = ${keyId} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
};

/** Verifies a bearer key with one indexed lookup (hash, joined to the company); 401 unless it is live. */
export const authenticateApiKey = async ({ db, key, environment, now = Date.now() }: { db: Executor; key: string; environment: Dataset; now?: number }) => {
  const hash = hashApiKey(key);
  const cached = cache.get(hash);
  let found = cached && now - cached.fetchedAt < API_KEY_CACHE_TTL_MS ? cached.key : null;
  if (!found) {
    found = await findKeyByHash(db, hash);
    if (found) cache.set(hash, { key: found, fetchedAt: now });
    else cache.delete(hash);
  }
  if (!found || found.dataset !== environment) throw unauthorized("Invalid API key.");
  // Revoked at all, not "revoked before now": revocation stamps the database's clock, and an app
  // whose clock runs behind it would otherwise let a revoked key through until it caught up.
  if (found.revokedAt) throw unauthorized("This API key has been revoked.");
  if (found.expiresAt && found.expiresAt.getTime() <= now) throw unauthorized("This API key has expired.");
  await touchLastUsed(db, found.id, now);
  return found;
};
