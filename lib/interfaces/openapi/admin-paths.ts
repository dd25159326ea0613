import type { ZodOpenApiOperationObject } from "zod-openapi";
import { ADMIN_TOKEN_LIFETIME_SECONDS } from "@/lib/interfaces/admin-api/admin-token";
import type { AdminEndpoint } from "@/lib/interfaces/admin-api/define-admin-endpoint";
import { ADMIN_ENDPOINTS } from "@/lib/interfaces/admin-api/endpoints";
import type { ErrorCode } from "@/lib/platform/errors";
import { endpointPaths, jsonRequestBody } from "./endpoint-paths";
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

const operation = (endpoint: AdminEndpoint): ZodOpenApiOperationObject => {
  const { summary, description, params, response, status = 200, errors = [], isPublic = false } = endpoint;
  return {
    summary,
    description,
    tags: [TAG],
    security: isPublic ? [] : [{ adminToken: [] }],
    ...(params ? { requestParams: { path: params } } : {}),
    ...jsonRequestBody(endpoint),
    responses: {
      [String(status)]: { description: status === 201 ? "Created" : "OK", content: { "application/json": { schema: response } } },
      ...errorResponses([...errors, ...(isPublic ? [] : (["unauthorized", "forbidden"] as ErrorCode[]))], WHEN),
    },
  };
};

/** The admin interface: an admin's email and password → a one-hour JWT that manages the company's API keys. */
export const adminRegistry: OpenApiRegistry = {
  tag: {
    name: TAG,
    description: "Manage the company's API keys. Trade an admin's email and password for a one-hour JWT at POST /api/v2/auth/token, then send it as Bearer.",
  },
  securitySchemes: {
    adminToken: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
      description: `The token from POST /api/v2/auth/token (valid ${ADMIN_TOKEN_LIFETIME_SECONDS / 60} minutes, admins only).`,
    },
  },
  paths: endpointPaths(ADMIN_ENDPOINTS, operation),
};
