import type { PlanTier } from "@/db/schema";
import type { RateLimitRule } from "@/lib/platform/rate-limit";

/** Requests per second per company and dataset, by plan (Samsara's per-token ceiling is the Enterprise figure). */
export const PLAN_REQUESTS_PER_SECOND: Record<PlanTier, number> = { Free: 5, Standard: 25, Professional: 100, Enterprise: 150 };

/** A token bucket that holds one second's worth of requests and refills at the plan's rate. */
export const planRateLimitRule = (plan: PlanTier): RateLimitRule => ({
  capacity: PLAN_REQUESTS_PER_SECOND[plan],
  refillPerSecond: PLAN_REQUESTS_PER_SECOND[plan],
});
