import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/platform/errors";
import type { LegacyEndpoint } from "@/lib/interfaces/legacy-api/define-legacy-endpoint";
import { LEGACY_ENDPOINTS } from "@/lib/interfaces/legacy-api/endpoints";
import { endpointPaths, jsonRequestBody } from "./endpoint-paths";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const TAG = "Legacy interface";

/** An endpoint's operation: token-protected ones answer 401 too; `openapi` adds what the definition cannot say (its responses replace the success ones). */
const operation = (endpoint: LegacyEndpoint): ZodOpenApiOperationObject => {
  const { summary, description, query, params, response, errors = [], isPublic = false, openapi: { responses: success, ...extra } = {} } = endpoint;
  return {
    summary,
    ...(description ? { description } : {}),
    tags: [TAG],
    security: isPublic ? [] : [{ legacyToken: [] }],
    requestParams: { ...(query ? { query } : {}), ...(params ? { path: params } : {}) },
    ...jsonRequestBody(endpoint),
    responses: {
      ...(success ?? { "200": response ? { description: "OK", content: { "application/json": { schema: response } } } : { description: "OK (empty body)" } }),
      ...errorResponses([...(isPublic ? [] : (["unauthorized"] as ErrorCode[])), ...errors]),
    },
    ...extra,
  };
};

/** The legacy interface (interface section 4.1): ClientKey → short-lived token, v1/v2 paths. */
export const legacyRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "ClientKey model: GET /api/v1/auth with X-Client-Key returns a 60-minute token, sent as Bearer. Always the live dataset." },
  securitySchemes: { legacyToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from GET /api/v1/auth." } },
  paths: endpointPaths(LEGACY_ENDPOINTS, operation),
};
