import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { AppError } from "@/lib/platform/errors";

export { acquireSlots, releaseWhenDone, withSlots, type ConcurrencyLimit } from "./concurrency";
export { HEAVY_RANGE_DAYS, holdHeavyRequest, isLongRange, runHeavyRequest, type HeavyRequester } from "./heavy-requests";

export type RateLimitRule = {
  /** Bucket size: how many requests may arrive at once. */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
};

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
};

/**
 * Takes one token from the bucket `key`, in one statement against the shared database, so every
 * app instance sees the same bucket. Buckets refill continuously (token bucket).
 */
export const takeToken = async ({ db, key, rule }: { db: Executor; key: string; rule: RateLimitRule }): Promise<RateLimitResult> => {
  const { capacity, refillPerSecond } = rule;
  const refilled = sql`least(${capacity}::float8, rate_limit_buckets.tokens + extract(epoch from (clock_timestamp() - rate_limit_buckets.updated_at))
    * ${refillPerSecond}::float8)`;
  const [row] = await queryRows<{ tokens: number; last_allowed: boolean }>(
    db,
    sql`insert into rate_limit_buckets (key, tokens, last_allowed, updated_at)
        values (${key}, ${capacity - 1}::float8, true, clock_timestamp())
        on conflict (key) do update set
          tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
          last_allowed = ${refilled} >= 1,
          updated_at = clock_timestamp()
        returning tokens, last_allowed`,
  );
  const tokens = Math.max(0, Number(row.tokens));
  return {
    allowed: row.last_allowed,
    limit: capacity,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((capacity - tokens) / refillPerSecond),
    retryAfterSeconds: row.last_allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / refillPerSecond)),
  };
};

/** The standard headers for a rate-limited response. */
export const rateLimitHeaders = (result: RateLimitResult): Record<string, string> => ({
  "X-RateLimit-Limit": String(result.limit),
  "X-RateLimit-Remaining": String(result.remaining),
  "X-RateLimit-Reset": String(result.resetSeconds),
  ...(result.allowed ? {} : { "Retry-After": String(result.retryAfterSeconds) }),
});

/** Takes a token or throws 429 with Retry-After and the limit headers. */
export const enforceRateLimit = async (options: { db: Executor; key: string; rule: RateLimitRule; message?: string }) => {
  const result = await takeToken(options);
  if (!result.allowed) {
    throw new AppError("rate_limited", options.message ?? "Too many requests. Retry after the number of seconds in Retry-After.", {
      headers: rateLimitHeaders(result),
    });
  }
  return result;
};
export { returnToken } from "./return-token";
