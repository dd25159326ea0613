import { CAMERA_SECRET_ID_HEADER, CAMERA_SIGNATURE_HEADER } from "@/lib/camera/identify-camera-company";
import { CAMERA_BODY_LIMIT_BYTES, receiveCameraWebhook } from "@/lib/camera/receive-camera-webhook";
import { readBodyText, withRequest } from "@/lib/http";
import { toCameraEventResponse } from "@/lib/legacy-api/to-camera-event-response";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/camera/snapshot: the camera platform's webhook, signed with `X-Camera-Signature`
 * (no ClientKey), optionally naming the signing secret with `X-Camera-Secret-Id`. 201 with the stored record; a redelivered eventId → 200 with the first record.
 */
export const POST = withRequest(async ({ request, db }) => {
  const rawBody = await readBodyText(request, CAMERA_BODY_LIMIT_BYTES);
  const { event, duplicate } = await receiveCameraWebhook({ db, rawBody, signature: request.headers.get(CAMERA_SIGNATURE_HEADER), secretId: request.headers.get(CAMERA_SECRET_ID_HEADER) });
  return Response.json(toCameraEventResponse(event), { status: duplicate ? 200 : 201 });
});
