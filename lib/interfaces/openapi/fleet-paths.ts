import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/platform/errors";
import type { FleetEndpoint } from "@/lib/interfaces/fleet-api/define-fleet-endpoint";
import { FLEET_ENDPOINTS } from "@/lib/interfaces/fleet-api/endpoints";
import { API_VERSIONS, CURRENT_API_VERSION, VERSION_HEADER } from "@/lib/platform/api-versions";
import { endpointPaths, jsonRequestBody } from "./endpoint-paths";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const COMMON_ERRORS: ErrorCode[] = ["bad_request", "unauthorized", "forbidden", "rate_limited"];
const TAG = "Public fleet interface";

const RATE_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests per second of the company's plan.", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in the current bucket.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Seconds until the bucket is full again.", schema: { type: "integer" as const } },
  [VERSION_HEADER]: { description: "The API version that answered.", schema: { type: "string" as const, enum: [...API_VERSIONS] } },
};

const operation = (endpoint: FleetEndpoint): ZodOpenApiOperationObject => {
  const { summary, scope, query, params, response, status = 200, errors = [] } = endpoint;
  return {
    summary,
    description: `Scope: \`${scope}\`.`,
    "x-required-scope": scope,
    tags: [TAG],
    security: [{ apiKey: [] }],
    parameters: [
      {
        name: VERSION_HEADER,
        in: "header",
        required: false,
        description: `API version; default: the version the key was created under. Current: ${CURRENT_API_VERSION}.`,
        schema: { type: "string", enum: [...API_VERSIONS] },
      },
    ],
    requestParams: { ...(query ? { query } : {}), ...(params ? { path: params } : {}) },
    ...jsonRequestBody(endpoint),
    responses: {
      [String(status)]: { description: "OK", headers: RATE_HEADERS, content: { "application/json": { schema: response } } },
      ...errorResponses([...COMMON_ERRORS, ...errors]),
    },
  };
};

/** The public fleet interface (interface section 4.2), derived from the endpoint definitions. */
export const fleetRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "Bearer API keys (svc_live_ / svc_test_), cursor pagination, X-Service-Version." },
  securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key: svc_live_… for live data, svc_test_… for the sandbox." } },
  paths: endpointPaths(FLEET_ENDPOINTS, operation),
};
