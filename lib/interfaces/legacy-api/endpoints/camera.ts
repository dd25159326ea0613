import { cameraEventBodySchema } from "@/lib/ingestion/camera/camera-event-schema";
import { CAMERA_SECRET_ID_HEADER, CAMERA_SIGNATURE_HEADER } from "@/lib/ingestion/camera/identify-camera-company";
import { CAMERA_BODY_LIMIT_BYTES, receiveCameraWebhook } from "@/lib/ingestion/camera/receive-camera-webhook";
import { readBodyText } from "@/lib/platform/http";
import { definePublicLegacyEndpoint } from "../define-legacy-endpoint";
import { toCameraEventResponse } from "../to-camera-event-response";

/**
 * The camera platform's webhook, signed with `X-Camera-Signature` (no ClientKey), optionally naming
 * the signing secret with `X-Camera-Secret-Id`. The signature is over the raw body, so `run` reads
 * it itself (the definition has no parsed `body`; the OpenAPI operation documents it).
 */
export const cameraSnapshotEndpoint = definePublicLegacyEndpoint({
  method: "POST",
  path: "/api/v1/camera/snapshot",
  summary: "Camera platform webhook",
  description:
    "Signed with `X-Camera-Signature: sha256=<hex>` (HMAC-SHA256 of the raw body with the company's camera secret); no ClientKey. Body at most 64 KiB.",
  bodyLimit: CAMERA_BODY_LIMIT_BYTES,
  errors: ["bad_request", "unauthorized", "payload_too_large"],
  openapi: {
    requestBody: { required: true, content: { "application/json": { schema: cameraEventBodySchema } } },
    responses: {
      "201": { description: "Stored; the body is the stored media reference." },
      "200": { description: "The eventId was delivered before: the first record, nothing stored again." },
    },
  },
  run: async ({ request, db }) => {
    const rawBody = await readBodyText(request, CAMERA_BODY_LIMIT_BYTES);
    const { event, duplicate } = await receiveCameraWebhook({
      db,
      rawBody,
      signature: request.headers.get(CAMERA_SIGNATURE_HEADER),
      secretId: request.headers.get(CAMERA_SECRET_ID_HEADER),
    });
    return Response.json(toCameraEventResponse(event), { status: duplicate ? 200 : 201 });
  },
});
