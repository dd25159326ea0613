import { getRequestLimits } from "@/lib/platform/config";
import { acquireSlots, withSlots } from "./concurrency";

/** History over more days than this is a heavy request (a day or a week, as the charts ask, is not). */
export const HEAVY_RANGE_DAYS = 7;

/** Who sends a heavy request: `holder` is `user:<id>` or `key:<id>`. */
export type HeavyRequester = { companyId: number; holder: string };

/** A running export or long history read ends within seconds to a minute. */
const RETRY_AFTER_SECONDS = 15;

const slotsOf = ({ companyId, holder }: HeavyRequester) => {
  const { heavyPerCompany, heavyPerUser } = getRequestLimits();
  return {
    limits: [
      { key: `heavy:company:${companyId}`, max: heavyPerCompany },
      { key: `heavy:${holder}`, max: heavyPerUser },
    ],
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    message: "Too many exports or long history requests are running for your company or for you. Retry after the number of seconds in Retry-After.",
  };
};

/**
 * Costly requests (report exports, history over more than HEAVY_RANGE_DAYS) are limited by how
 * many run at once, per company (HEAVY_REQUESTS_PER_COMPANY) and per user or key
 * (HEAVY_REQUESTS_PER_USER): 429 with Retry-After beyond. A count of running work, not a rate,
 * because their cost is the time they hold the process and the database, which a rate cannot see.
 */
export const holdHeavyRequest = (requester: HeavyRequester) => acquireSlots(slotsOf(requester));

/** Runs `work` as a heavy request (see holdHeavyRequest). */
export const runHeavyRequest = <T>(requester: HeavyRequester, work: () => Promise<T>) => withSlots(slotsOf(requester), work);

/** Whether reading `range` is a heavy request. */
export const isLongRange = (range: { start: Date; end: Date }) => range.end.getTime() - range.start.getTime() > HEAVY_RANGE_DAYS * 86_400_000;
