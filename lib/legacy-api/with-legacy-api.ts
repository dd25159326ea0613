import type { Module } from "@/db/schema";
import { createRequestWrapper } from "@/lib/http";
import { authenticateLegacyRequest, requireModule, type LegacyCaller } from "./authenticate-legacy-request";

/**
 * The one wrapper of the token-protected legacy endpoints: verifies `Authorization: Bearer <token>`
 * (401 when missing, expired or forged), checks the module (`requiredModule`: 403 when the company
 * lacks it), then calls the handler with the caller. Routes without a token use `withRequest`.
 */
export const withLegacyApi = createRequestWrapper<{ caller: LegacyCaller }, { requiredModule?: Module }>({
  authenticate: async ({ request, db, log }, { options: { requiredModule } }) => {
    const caller = await authenticateLegacyRequest({ db, request });
    Object.assign(log, { companyId: caller.companyId, keyId: caller.clientKeyId });
    if (requiredModule) requireModule(caller, requiredModule);
    return { caller };
  },
});
