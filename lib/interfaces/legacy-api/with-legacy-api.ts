import type { Module } from "@/db/schema";
import { createRequestWrapper } from "@/lib/platform/http";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/platform/rate-limit";
import { authenticateLegacyRequest, requireModule, type LegacyCaller } from "./authenticate-legacy-request";
import { legacyApiRateLimit } from "./legacy-rate-limits";

/**
 * The one wrapper of the token-protected legacy endpoints: verifies `Authorization: Bearer <token>`
 * (401 when missing, expired or forged), takes one request from the company's bucket (429 with
 * Retry-After; the limit headers on every answer), checks the module (`requiredModule`: 403 when the
 * company lacks it), then calls the handler with the caller. Routes without a token use `withRequest`.
 */
export const withLegacyApi = createRequestWrapper<{ caller: LegacyCaller }, { requiredModule?: Module }>({
  authenticate: async ({ request, db, log }, { headers, options: { requiredModule } }) => {
    const caller = await authenticateLegacyRequest({ db, request });
    Object.assign(log, { companyId: caller.companyId, keyId: caller.clientKeyId });
    Object.assign(headers, rateLimitHeaders(await enforceRateLimit({ db, ...legacyApiRateLimit(caller.companyId) })));
    if (requiredModule) requireModule(caller, requiredModule);
    return { caller };
  },
});
