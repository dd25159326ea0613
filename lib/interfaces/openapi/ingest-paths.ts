import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { osmandParamsSchema } from "@/lib/fleet/devices/osmand";
import { batchPointSchema, ingestBatchResponseSchema, MAX_BATCH_BYTES, MAX_BATCH_POINTS } from "@/lib/ingestion/batch";
import { errorResponses } from "./error-responses";
import type { OpenApiRegistry } from "./registry";

const TAG = "Device ingestion";

const osmand = (method: "GET" | "POST"): ZodOpenApiOperationObject => ({
  summary: method === "GET" ? "Report a location (OsmAnd protocol)" : "Report a location (OsmAnd protocol, body)",
  description:
    "Traccar Client and other OsmAnd-protocol trackers. The device id is the credential, as in Traccar: it must be a vehicle's device id." +
    (method === "POST"
      ? " The parameters of GET, in the query string or as a form-encoded or JSON body (flat keys, or Traccar " +
        "Client's `{ device_id, location: { coords } }`), at most 64 KB; body values win."
      : ""),
  tags: [TAG],
  security: [],
  ...(method === "GET"
    ? { requestParams: { query: osmandParamsSchema } }
    : {
        requestBody: {
          required: false,
          content: { "application/x-www-form-urlencoded": { schema: osmandParamsSchema }, "application/json": { schema: osmandParamsSchema } },
        },
      }),
  responses: {
    "200": { description: "Stored (empty body)." },
    ...errorResponses(method === "POST" ? ["bad_request", "payload_too_large"] : ["bad_request"], {
      bad_request: "A missing or invalid parameter, or an unknown device id.",
      payload_too_large: "The body is larger than 64 KB.",
    }),
  },
});

/** Device ingestion: trackers (OsmAnd) and gateways (batches with an ingest token). */
export const ingestRegistry: OpenApiRegistry = {
  tag: { name: TAG, description: "Trackers report single points over the OsmAnd protocol; gateways send batches with an ingest token." },
  securitySchemes: { ingestToken: { type: "http", scheme: "bearer", description: "An ingest token (`ing_…`) for one company and dataset." } },
  paths: {
    "/ingest/osmand": { get: osmand("GET"), post: osmand("POST") },
    "/ingest/batch": {
      post: {
        summary: "Send a batch of points",
        description:
          `A JSON array of at most ${MAX_BATCH_POINTS.toLocaleString("en-US")} points (at most ` +
          `${MAX_BATCH_BYTES / 1024 / 1024} MB) for vehicles of the token's company and dataset. All points are ` +
          `checked before anything is written; the first bad one is named \`points[i]: …\`. The answer is sent ` +
          `after the commit; resent points count as duplicates.`,
        tags: [TAG],
        security: [{ ingestToken: [] }],
        requestBody: { required: true, content: { "application/json": { schema: z.array(batchPointSchema).max(MAX_BATCH_POINTS) } } },
        responses: {
          "200": { description: "Committed.", content: { "application/json": { schema: ingestBatchResponseSchema } } },
          ...errorResponses(["bad_request", "unauthorized", "payload_too_large"], {
            bad_request: "Not a JSON array, or a bad point (named by index), or an unknown vehicle.",
            unauthorized: "Missing, unknown or revoked ingest token.",
            payload_too_large: `More than ${MAX_BATCH_POINTS.toLocaleString("en-US")} points or ${MAX_BATCH_BYTES / 1024 / 1024} MB.`,
          }),
        },
      },
    },
  },
};
