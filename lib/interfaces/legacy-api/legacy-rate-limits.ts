import { getRequestLimits } from "@/lib/platform/config";
import type { RateLimitRule } from "@/lib/platform/rate-limit";

/** A bucket of `perMinute` requests that refills over a minute: bursts up to a minute's worth, then the steady rate. */
const perMinute = (count: number): RateLimitRule => ({ capacity: count, refillPerSecond: count / 60 });

/** The legacy interface per company (LEGACY_API_REQUESTS_PER_MINUTE), shared by every instance. */
export const legacyApiRateLimit = (companyId: number) => ({ key: `legacy-api:${companyId}`, rule: perMinute(getRequestLimits().legacyPerMinute) });

/** ClientKey exchanges per client address (CLIENT_KEY_EXCHANGES_PER_MINUTE), counted before the key is looked up: guessing keys is throttled too. */
export const clientKeyExchangeRateLimit = (address: string | null) => ({
  key: `client-key-exchange:${address ?? "unknown"}`,
  rule: perMinute(getRequestLimits().clientKeyExchangesPerMinute),
});
