import { z } from "zod";
import { osmandParamsSchema } from "@/lib/fleet/devices/osmand";
import { ingestOsmandPoint } from "@/lib/fleet/devices/osmand";
import { readOsmandParams } from "@/lib/fleet/devices/read-osmand-params";
import { getClientIp, type RequestArgs } from "@/lib/platform/http";
import { batchPointSchema, ingestBatchResponseSchema, ingestDeviceBatch, MAX_BATCH_BYTES, MAX_BATCH_POINTS, type IngestBatchResponse } from "../batch";
import { defineDeviceEndpoint, defineIngestEndpoint, type IngestEndpoint } from "./define-ingest-endpoint";

const MAX_BATCH_MB = MAX_BATCH_BYTES / 1024 / 1024;
const MAX_POINTS_TEXT = MAX_BATCH_POINTS.toLocaleString("en-US");

/** Gateways and devices: a JSON array of points, answered 200 with the counts once committed. */
export const ingestBatchEndpoint = defineIngestEndpoint({
  method: "POST",
  path: "/ingest/batch",
  summary: "Send a batch of points",
  description:
    `A JSON array of at most ${MAX_POINTS_TEXT} points (at most ${MAX_BATCH_MB} MB) for vehicles of the token's company and dataset. ` +
    "All points are checked before anything is written; the first bad one is named `points[i]: …`. " +
    "The answer is sent after the commit; resent points count as duplicates.",
  // Any JSON: ingestDeviceBatch checks the array and each point itself, naming the first bad one by index.
  body: z.unknown(),
  bodyLimit: MAX_BATCH_BYTES,
  response: ingestBatchResponseSchema,
  openapi: {
    request: { requestBody: { required: true, content: { "application/json": { schema: z.array(batchPointSchema).max(MAX_BATCH_POINTS) } } } },
    success: "Committed.",
    errors: {
      bad_request: "Not a JSON array, or a bad point (named by index), or an unknown vehicle.",
      unauthorized: "Missing, unknown or revoked ingest token.",
      payload_too_large: `More than ${MAX_POINTS_TEXT} points or ${MAX_BATCH_MB} MB.`,
    },
  },
  run: async ({ requestId, db, tenant, body }): Promise<IngestBatchResponse> => ({ data: await ingestDeviceBatch({ db, tenant, body }), requestId }),
});

/** Traccar Client (OsmAnd protocol) location reports: 200 with an empty body once stored. The device id is the credential. */
const reportOsmandPoint = async ({ request, db }: Pick<RequestArgs, "request" | "db">) => {
  await ingestOsmandPoint({ db, params: await readOsmandParams(request), remoteAddress: getClientIp(request) ?? "unknown" });
  return new Response(null, { status: 200 });
};

const OSMAND_DESCRIPTION =
  "Traccar Client and other OsmAnd-protocol trackers. The device id is the credential, as in Traccar: it must be a vehicle's device id. " +
  "The same reports are also taken, over plain HTTP at any path, on the OsmAnd port (`OSMAND_PORT`, Traccar's 5055), for devices set up for Traccar.";
const OSMAND_BAD_REQUEST = "A missing or invalid parameter, or an unknown device id.";

export const osmandQueryEndpoint = defineDeviceEndpoint({
  method: "GET",
  path: "/ingest/osmand",
  summary: "Report a location (OsmAnd protocol)",
  description: OSMAND_DESCRIPTION,
  openapi: { request: { requestParams: { query: osmandParamsSchema } }, success: "Stored (empty body).", errors: { bad_request: OSMAND_BAD_REQUEST } },
  run: reportOsmandPoint,
});

export const osmandBodyEndpoint = defineDeviceEndpoint({
  method: "POST",
  path: "/ingest/osmand",
  summary: "Report a location (OsmAnd protocol, body)",
  description:
    `${OSMAND_DESCRIPTION} The parameters of GET, in the query string or as a form-encoded or JSON body ` +
    "(flat keys, or Traccar Client's `{ device_id, location: { coords } }`), at most 64 KB; body values win.",
  openapi: {
    request: {
      requestBody: {
        required: false,
        content: { "application/x-www-form-urlencoded": { schema: osmandParamsSchema }, "application/json": { schema: osmandParamsSchema } },
      },
    },
    success: "Stored (empty body).",
    errors: { bad_request: OSMAND_BAD_REQUEST, payload_too_large: "The body is larger than 64 KB." },
  },
  run: reportOsmandPoint,
});

/** Device ingestion over HTTP, in the order the OpenAPI document lists them (the harness registers each from here). */
export const INGEST_ENDPOINTS: IngestEndpoint[] = [osmandQueryEndpoint, osmandBodyEndpoint, ingestBatchEndpoint];
