import { z } from "zod";
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, presentApiKey, presentCreatedApiKey } from "@/lib/access/api-keys/api-key-response";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { createApiKeySchema } from "@/lib/access/api-keys/create-api-key-schema";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { getClientIp } from "@/lib/platform/http";
import { issueAdminToken } from "./admin-token";
import { adminTokenRequestSchema, adminTokenResponseSchema } from "./admin-token-schemas";
import { defineAdminEndpoint, definePublicAdminEndpoint, type AdminEndpoint } from "./define-admin-endpoint";

/** Where a secret is in the body (a token, a new key), no cache may keep it. */
const NO_STORE = { "Cache-Control": "no-store" };

export const issueAdminTokenEndpoint = definePublicAdminEndpoint({
  method: "POST",
  path: "/api/v2/auth/token",
  summary: "Get an admin token",
  description:
    "Email and password of a user with the admin role. Wrong credentials are 401; repeated failures per " +
    "account and address, per account and per address are throttled (429 with Retry-After; a right " +
    "password never counts); a non-admin's correct password is 403. The token ends at once when the " +
    "user's password is reset, their role changes, they are deactivated or they sign out everywhere.",
  body: adminTokenRequestSchema,
  bodyLimit: 10_000,
  response: adminTokenResponseSchema,
  headers: NO_STORE,
  errors: ["bad_request", "unauthorized", "forbidden", "payload_too_large", "rate_limited"],
  run: async ({ request, body: { email, password } }) => {
    const { token, expiresAt } = await issueAdminToken({ email, password, ip: getClientIp(request) });
    return { token, expiresAt: expiresAt.toISOString() } satisfies z.infer<typeof adminTokenResponseSchema>;
  },
});

export const listApiKeysEndpoint = defineAdminEndpoint({
  method: "GET",
  path: "/api/v2/api-keys",
  summary: "List API keys",
  description: "The company's keys, newest first, live and sandbox alike; never the secret.",
  response: apiKeyListSchema,
  run: async ({ admin }) => ({ data: (await listApiKeys({ companyId: admin.companyId })).map(presentApiKey) }),
});

export const createApiKeyEndpoint = defineAdminEndpoint({
  method: "POST",
  path: "/api/v2/api-keys",
  summary: "Create an API key",
  description: "The key is pinned to the current API version. The secret `key` is in this response only; store it.",
  body: createApiKeySchema,
  bodyLimit: 100_000,
  response: createdApiKeySchema,
  status: 201,
  headers: NO_STORE,
  errors: ["bad_request", "payload_too_large"],
  run: async ({ admin, actor, body }) => presentCreatedApiKey(await createApiKey({ ...body, companyId: admin.companyId, actor })),
});

export const revokeApiKeyEndpoint = defineAdminEndpoint({
  method: "DELETE",
  path: "/api/v2/api-keys/{id}",
  summary: "Revoke an API key",
  description: "Refused from the next request on. Revoking again is harmless and answers the key as first revoked.",
  params: z.object({ id: z.string().meta({ description: "The key's id, `key_…`." }) }),
  response: apiKeySchema,
  errors: ["not_found"],
  run: async ({ admin, actor, params }) => presentApiKey(await revokeApiKey({ companyId: admin.companyId, id: params.id, actor })),
});

/** Every admin endpoint, in the order the OpenAPI document lists them. */
export const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [issueAdminTokenEndpoint, listApiKeysEndpoint, createApiKeyEndpoint, revokeApiKeyEndpoint];
