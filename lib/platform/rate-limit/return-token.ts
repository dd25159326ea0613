import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { RateLimitRule } from "./index";

/**
 * Puts back a token `takeToken` took (never above the bucket's capacity): for limits that count only
 * some outcomes, such as failed sign-ins, a token is reserved before the outcome is known and returned
 * when it does not count. Reserving first keeps concurrent attempts from all passing an empty bucket.
 */
export const returnToken = async ({ db, key, rule }: { db: Executor; key: string; rule: RateLimitRule }): Promise<void> => {
  await db.execute(sql`update rate_limit_buckets set tokens = least(${rule.capacity}::float8, tokens + 1) where key = ${key}`);
};
