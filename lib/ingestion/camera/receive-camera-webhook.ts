import type { Database } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { parseWith } from "@/lib/platform/http";
import { cameraEventBodySchema } from "./camera-event-schema";
import { identifyCameraCompany } from "./identify-camera-company";
import { ingestCameraEvent } from "./ingest-camera-event";

export const CAMERA_BODY_LIMIT_BYTES = 64 * 1024;

/** Verifies the signature over the raw body first (so unsigned callers learn nothing), then parses and stores the event. */
export const receiveCameraWebhook = async ({
  db,
  rawBody,
  signature,
  secretId,
}: {
  db: Database;
  rawBody: string;
  signature: string | null;
  secretId?: string | null;
}) => {
  const companyId = await identifyCameraCompany({ db, rawBody, signature, secretId });
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON.");
  }
  const event = parseWith(cameraEventBodySchema, json);
  return ingestCameraEvent({ db, companyId, event });
};
