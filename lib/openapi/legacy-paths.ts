import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { cameraEventBodySchema } from "@/lib/camera/camera-event-schema";
import type { ErrorCode } from "@/lib/errors";
import * as queries from "@/lib/legacy-api/query-schemas";
import * as records from "@/lib/legacy-api/schemas";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const TAG = "Legacy interface";

const operation = ({ summary, description, query, path, body, response, errors = [], security = [{ legacyToken: [] }], headers }: {
  summary: string;
  description?: string;
  query?: z.ZodObject;
  path?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  errors?: ErrorCode[];
  security?: Record<string, string[]>[];
  headers?: z.ZodObject;
}): ZodOpenApiOperationObject => ({
  summary,
  ...(description ? { description } : {}),
  tags: [TAG],
  security,
  requestParams: { ...(query ? { query } : {}), ...(path ? { path } : {}), ...(headers ? { header: headers } : {}) },
  ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
  responses: {
    "200": response ? { description: "OK", content: { "application/json": { schema: response } } } : { description: "OK (empty body)" },
    ...errorResponses([...(security.length ? (["unauthorized"] as ErrorCode[]) : []), ...errors]),
  },
});

const track = (summary: string, point: z.ZodType) =>
  operation({
    summary,
    description: "At most 35 days from `from` to `to`; about one request per minute per asset and endpoint (429 with Retry-After). Downsampled to at most ~1,000 points.",
    query: queries.assetTrackQuerySchema,
    response: z.array(point),
    errors: ["bad_request", "not_found", "rate_limited"],
  });

const vinPath = z.object({ vin: z.string() });

/** The legacy interface (interface section 4.1): ClientKey → short-lived token, v1/v2 paths. */
export const legacyRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "ClientKey model: GET /api/v1/auth with X-Client-Key returns a 60-minute token, sent as Bearer. Always the live dataset." },
  securitySchemes: { legacyToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from GET /api/v1/auth." } },
  paths: {
    "/api/v1/auth": {
      get: operation({
        summary: "Trade a ClientKey for a token",
        description: "Header `X-Client-Key` (legacy name `client_key`). The token lives 60 minutes.",
        headers: z.object({ "X-Client-Key": z.string() }),
        response: records.legacyAuthResponseSchema,
        errors: ["unauthorized"],
        security: [],
      }),
    },
    "/api/v1/auth/healthCheck": { get: { summary: "Health check", tags: [TAG], responses: { "200": { description: "The plain text ok", content: { "text/plain": { schema: { type: "string", const: "ok" } } } } } } },
    "/api/v1/assets": {
      get: operation({ summary: "Positions of all assets", query: queries.additionalInfoQuerySchema, response: z.array(records.legacyAssetPositionSchema), errors: ["bad_request"] }),
      post: operation({
        summary: "Positions of the given VINs",
        query: queries.additionalInfoQuerySchema,
        body: queries.vinListBodySchema,
        response: z.array(records.legacyAssetPositionSchema),
        errors: ["bad_request"],
      }),
    },
    "/api/v1/assets/driversTimers": { get: operation({ summary: "Assets with driver and HOS timers", response: z.array(records.legacyAssetWithTimersSchema) }) },
    "/api/v1/assets/currentWithTimers": { get: operation({ summary: "Assets with driver and HOS timers (same data)", response: z.array(records.legacyAssetWithTimersSchema) }) },
    "/api/v1/assets/location": { get: track("Breadcrumb of one asset", records.legacyLocationPointSchema) },
    "/api/v1/assets/gps": { get: track("GPS telemetry of one asset", records.legacyGpsPointSchema) },
    "/api/v2/assets": { get: operation({ summary: "Asset states", query: queries.vinListQuerySchema, response: z.array(records.legacyAssetStateSchema), errors: ["bad_request"] }) },
    "/api/v2/assets/vin/{vin}": { get: operation({ summary: "One asset state by VIN", path: vinPath, response: records.legacyAssetStateSchema, errors: ["not_found"] }) },
    "/api/v2/assets/getByAssetId/{assetId}": {
      get: operation({ summary: "One asset state by id", path: z.object({ assetId: z.string().regex(/^\d+$/) }), response: records.legacyAssetStateSchema, errors: ["bad_request", "not_found"] }),
    },
    "/api/v2/assets/fuelStopProposal": {
      post: operation({ summary: "Propose fuel stops per asset", body: records.fuelStopProposalBodySchema, errors: ["bad_request", "not_found"] }),
    },
    "/api/v2/assets/driverProposedFuelStop": {
      post: operation({ summary: "Propose a destination or fuel stop to a driver", body: records.driverProposedStopBodySchema, errors: ["bad_request", "not_found"] }),
    },
    "/api/v1/wastejob": {
      get: operation({
        summary: "Waste jobs",
        description: "Needs the Waste module (403 otherwise). `status` and `serviceType` take one value or a comma-separated list. `limit` default 50, max 500.",
        query: queries.wasteJobQuerySchema,
        response: records.legacyWasteJobListSchema,
        errors: ["bad_request", "forbidden"],
      }),
    },
    "/api/v1/camera/snapshot": {
      post: {
        ...operation({ summary: "Camera platform webhook", body: cameraEventBodySchema, errors: ["bad_request", "unauthorized", "payload_too_large"], security: [] }),
        description: "Signed with `X-Camera-Signature: sha256=<hex>` (HMAC-SHA256 of the raw body with the company's camera secret); no ClientKey. Body at most 64 KiB.",
        responses: {
          "201": { description: "Stored; the body is the stored media reference." },
          "200": { description: "The eventId was delivered before: the first record, nothing stored again." },
          ...errorResponses(["bad_request", "unauthorized", "payload_too_large"]),
        },
      },
    },
  },
};
