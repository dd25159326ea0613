import type { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/errors";
import { createDriverSchema, driverInputSchema } from "@/lib/drivers";
import * as queries from "@/lib/fleet-api/queries";
import { FLEET_RESPONSES } from "@/lib/fleet-api/response-schemas";
import { API_VERSIONS, CURRENT_API_VERSION, VERSION_HEADER } from "@/lib/api-versions";
import type { Scope } from "@/lib/api-keys/scopes";
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

const operation = ({ summary, scope, query, path, body, response, status = "200", errors = [] }: {
  summary: string;
  scope: Scope;
  query?: z.ZodObject;
  path?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: string;
  errors?: ErrorCode[];
}): ZodOpenApiOperationObject => ({
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
  requestParams: { ...(query ? { query } : {}), ...(path ? { path } : {}) },
  ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
  responses: {
    [status]: { description: "OK", headers: RATE_HEADERS, content: { "application/json": { schema: response } } },
    ...errorResponses([...COMMON_ERRORS, ...errors]),
  },
});

const idPath = queries.idParamsSchema;

/** The public fleet interface (interface section 4.2). */
export const fleetRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "Bearer API keys (svc_live_ / svc_test_), cursor pagination, X-Service-Version." },
  securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key: svc_live_… for live data, svc_test_… for the sandbox." } },
  paths: {
    "/fleet/vehicles": { get: operation({ summary: "List vehicles", scope: "vehicles:read", query: queries.vehiclesQuerySchema, response: FLEET_RESPONSES.vehicles }) },
    "/fleet/vehicles/{id}": {
      get: operation({ summary: "One vehicle", scope: "vehicles:read", path: idPath, response: FLEET_RESPONSES.vehicle, errors: ["not_found"] }),
    },
    "/fleet/vehicles/locations": {
      get: operation({ summary: "Current locations", scope: "vehicles:read", query: queries.vehiclesQuerySchema, response: FLEET_RESPONSES.locations }),
    },
    "/fleet/vehicles/locations/feed": {
      get: operation({ summary: "Change feed of locations", scope: "vehicles:read", query: queries.vehiclesQuerySchema, response: FLEET_RESPONSES.locationSeries }),
    },
    "/fleet/vehicles/locations/history": {
      get: operation({
        summary: "Location history, bucketed",
        scope: "vehicles:read",
        query: queries.locationsHistoryQuerySchema,
        response: FLEET_RESPONSES.locationSeries,
        errors: ["not_found"],
      }),
    },
    "/fleet/vehicles/stats": { get: operation({ summary: "Current stats", scope: "vehicles:read", query: queries.statsQuerySchema, response: FLEET_RESPONSES.stats }) },
    "/fleet/vehicles/stats/feed": {
      get: operation({ summary: "Change feed of stats", scope: "vehicles:read", query: queries.statsQuerySchema, response: FLEET_RESPONSES.statsSeries }),
    },
    "/fleet/vehicles/stats/history": {
      get: operation({ summary: "Stats history, bucketed", scope: "vehicles:read", query: queries.statsHistoryQuerySchema, response: FLEET_RESPONSES.statsSeries }),
    },
    "/fleet/drivers": {
      get: operation({ summary: "List drivers", scope: "drivers:read", query: queries.driversQuerySchema, response: FLEET_RESPONSES.drivers }),
      post: operation({ summary: "Create a driver", scope: "drivers:write", body: createDriverSchema, response: FLEET_RESPONSES.driver, status: "201", errors: ["conflict"] }),
    },
    "/fleet/drivers/{id}": {
      get: operation({ summary: "One driver", scope: "drivers:read", path: idPath, response: FLEET_RESPONSES.driver, errors: ["not_found"] }),
      patch: operation({
        summary: "Update a driver",
        scope: "drivers:write",
        path: idPath,
        body: driverInputSchema,
        response: FLEET_RESPONSES.driver,
        errors: ["not_found", "conflict"],
      }),
    },
    "/fleet/hos/clocks": { get: operation({ summary: "Current HOS clocks", scope: "hos:read", query: queries.hosClocksQuerySchema, response: FLEET_RESPONSES.hosClocks }) },
    "/fleet/hos/logs": { get: operation({ summary: "HOS log entries", scope: "hos:read", query: queries.hosRangeQuerySchema, response: FLEET_RESPONSES.hosLogs }) },
    "/fleet/hos/daily-logs": {
      get: operation({ summary: "HOS daily logs", scope: "hos:read", query: queries.hosDailyLogsQuerySchema, response: FLEET_RESPONSES.hosDailyLogs }),
    },
    "/fleet/hos/violations": {
      get: operation({ summary: "HOS violations", scope: "hos:read", query: queries.hosViolationsQuerySchema, response: FLEET_RESPONSES.hosViolations }),
    },
  },
};
