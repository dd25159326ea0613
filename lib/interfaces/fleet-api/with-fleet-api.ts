import type { Dataset, PlanTier } from "@/db/schema";
import type { Scope } from "@/lib/access/api-keys/scopes";
import { AppError } from "@/lib/platform/errors";
import { createRequestWrapper, getClientIp } from "@/lib/platform/http";
import { enforceRateLimit, rateLimitHeaders } from "@/lib/platform/rate-limit";
import type { Tenant } from "@/lib/platform/tenant";
import { apiKeyActor, recordRefusal, type AuditActor } from "@/lib/platform/audit";
import { authenticateApiKey, readBearerKey, type AuthenticatedKey } from "@/lib/access/api-keys/authenticate-api-key";
import { isIpAllowed } from "@/lib/access/api-keys/ip-allowlist";
import { planRateLimitRule } from "./plan-rate-limits";
import { SerializedJson } from "./serialized-page";
import { toVersion } from "./versioning";
import { API_VERSIONS, isApiVersion, VERSION_HEADER, type ApiVersion } from "@/lib/platform/api-versions";

/** The caller of a /fleet handler: the verified key and what it grants. */
export type FleetCaller = {
  key: AuthenticatedKey;
  company: { id: number; planTier: PlanTier };
  /** The key's environment: `svc_test_` keys read the `test` dataset only, live keys `live` only. */
  dataset: Dataset;
  tenant: Tenant;
  version: ApiVersion;
  /** The key as the audit log's actor of the changes this request makes. */
  actor: AuditActor;
};

const resolveVersion = (request: Request, key: AuthenticatedKey): ApiVersion => {
  const asked = request.headers.get(VERSION_HEADER)?.trim();
  const version = asked || key.apiVersion;
  if (!isApiVersion(version)) {
    throw new AppError("bad_request", `Unknown ${VERSION_HEADER} "${version}". Accepted values: ${API_VERSIONS.join(", ")}.`);
  }
  return version;
};

/**
 * The one wrapper around every /fleet handler: request id, API key (401), IP allowlist (403), the
 * company's rate limit (429; limit headers on every later response), scope (403, audited: one row per
 * key, method and scope a minute), version (400 for an
 * unknown one; echoed back), then the handler; its data leaves in the caller's version.
 * The allowlist is checked before the rate limit so a key used from outside cannot drain the company's quota.
 */
export const withFleetApi = createRequestWrapper<FleetCaller, { scope: Scope }>({
  authenticate: async ({ request, requestId, db, log }, { headers, options: { scope } }) => {
    const key = await authenticateApiKey({ db, ...readBearerKey(request) });
    Object.assign(log, { companyId: key.companyId, keyId: key.id });
    if (!isIpAllowed(getClientIp(request), key.ipAllowlist)) {
      throw new AppError("forbidden", "This API key may not be used from your IP address.");
    }
    // A 429 carries the limit headers and Retry-After on the error itself.
    const limit = await enforceRateLimit({ db, key: `fleet-api:${key.companyId}:${key.dataset}`, rule: planRateLimitRule(key.planTier) });
    Object.assign(headers, rateLimitHeaders(limit));
    if (!key.scopes.includes(scope)) {
      const reason = `This API key lacks the "${scope}" scope.`;
      const actor = apiKeyActor({ key, ip: getClientIp(request), requestId });
      await recordRefusal({
        db,
        companyId: key.companyId,
        actor,
        action: "api_key.scope_denied",
        target: { type: "api_key", id: key.id },
        subject: `${request.method} ${scope}`,
        reason: `${reason} (${request.method} ${new URL(request.url).pathname})`,
      });
      throw new AppError("forbidden", reason);
    }
    const version = resolveVersion(request, key);
    headers[VERSION_HEADER] = version;
    return {
      key,
      company: { id: key.companyId, planTier: key.planTier },
      dataset: key.dataset,
      tenant: { companyId: key.companyId, dataset: key.dataset },
      version,
      actor: apiKeyActor({ key, ip: getClientIp(request), requestId }),
    };
  },
  respond: (body, { status, headers, caller }) =>
    body instanceof SerializedJson
      ? new Response(body.bytes, { status, headers: { ...headers, "content-type": "application/json" } })
      : Response.json(toVersion(body, caller.version), { status, headers }),
});
