import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { ADMIN_TOKEN_LIFETIME_SECONDS } from "@/lib/admin-api/admin-token";
import { adminTokenRequestSchema, adminTokenResponseSchema } from "@/lib/admin-api/admin-token-schemas";
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema } from "@/lib/api-keys/api-key-response";
import { createApiKeySchema } from "@/lib/api-keys/create-api-key-schema";
import type { ErrorCode } from "@/lib/errors";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const TAG = "Admin interface";

const WHEN: Partial<Record<ErrorCode, string>> = {
  bad_request: "Invalid body (the message names the field), or a body that is not JSON.",
  unauthorized: "Missing, malformed, forged or expired admin token.",
  forbidden: "The token's user is no longer an admin of the company.",
  not_found: "No API key with this id in the admin's company.",
  payload_too_large: "The body is larger than the endpoint accepts.",
};

const operation = ({ summary, description, path, body, response, status = "200", errors = [], isPublic = false }: {
  summary: string;
  description: string;
  path?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: string;
  errors?: ErrorCode[];
  isPublic?: boolean;
}): ZodOpenApiOperationObject => ({
  summary,
  description,
  tags: [TAG],
  security: isPublic ? [] : [{ adminToken: [] }],
  ...(path ? { requestParams: { path } } : {}),
  ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
  responses: {
    [status]: { description: status === "201" ? "Created" : "OK", content: { "application/json": { schema: response } } },
    ...errorResponses([...errors, ...(isPublic ? [] : (["unauthorized", "forbidden"] as ErrorCode[]))], WHEN),
  },
});

/** The admin interface: an admin's email and password → a one-hour JWT that manages the company's API keys. */
export const adminRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "Manage the company's API keys. Trade an admin's email and password for a one-hour JWT at POST /api/v2/auth/token, then send it as Bearer." },
  securitySchemes: {
    adminToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: `The token from POST /api/v2/auth/token (valid ${ADMIN_TOKEN_LIFETIME_SECONDS / 60} minutes, admins only).` },
  },
  paths: {
    "/api/v2/auth/token": {
      post: operation({
        summary: "Get an admin token",
        description: "Email and password of a user with the admin role. Wrong credentials are 401; repeated attempts per account and per address are throttled (429 with Retry-After); a non-admin's correct password is 403.",
        body: adminTokenRequestSchema,
        response: adminTokenResponseSchema,
        errors: ["bad_request", "unauthorized", "forbidden", "payload_too_large", "rate_limited"],
        isPublic: true,
      }),
    },
    "/api/v2/api-keys": {
      get: operation({ summary: "List API keys", description: "The company's keys, newest first, live and sandbox alike; never the secret.", response: apiKeyListSchema }),
      post: operation({
        summary: "Create an API key",
        description: "The key is pinned to the current API version. The secret `key` is in this response only; store it.",
        body: createApiKeySchema,
        response: createdApiKeySchema,
        status: "201",
        errors: ["bad_request", "payload_too_large"],
      }),
    },
    "/api/v2/api-keys/{id}": {
      delete: operation({
        summary: "Revoke an API key",
        description: "Refused from the next request on. Revoking again is harmless and answers the key as first revoked.",
        path: z.object({ id: z.string().meta({ description: "The key's id, `key_…`." }) }),
        response: apiKeySchema,
        errors: ["not_found"],
      }),
    },
  },
};
