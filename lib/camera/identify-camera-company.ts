import { createHmac } from "node:crypto";
import { isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { cameraSecrets } from "@/db/schema";
import { constantTimeEqual } from "@/lib/crypto";
import { AppError } from "@/lib/errors";

export const CAMERA_SIGNATURE_HEADER = "x-camera-signature";
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export const signCameraBody = (secret: string, rawBody: string) => `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;

/**
 * The company whose camera secret signed `rawBody` (HMAC-SHA256, header `sha256=<hex>`), or 401.
 * The signature is the only thing that names the company, so every active secret is tried, each
 * with a constant-time compare. That is linear in the number of companies with a camera platform;
 * past a few thousand, give each platform account an id header and look its secret up directly.
 */
export const identifyCameraCompany = async ({ db, rawBody, signature }: { db: Executor; rawBody: string; signature: string | null }) => {
  const provided = signature?.trim().match(SIGNATURE)?.[1]?.toLowerCase();
  if (!provided) throw new AppError("unauthorized", "Missing or malformed X-Camera-Signature (expected sha256=<hex>).");
  const secrets = await db.select({ companyId: cameraSecrets.companyId, secret: cameraSecrets.secret }).from(cameraSecrets).where(isNull(cameraSecrets.revokedAt));
  let companyId: number | null = null;
  for (const candidate of secrets) {
    // No early exit: the time taken does not tell which secret (if any) matched.
    if (constantTimeEqual(signCameraBody(candidate.secret, rawBody).slice(7), provided) && companyId === null) companyId = candidate.companyId;
  }
  if (companyId === null) throw new AppError("unauthorized", "Invalid X-Camera-Signature.");
  return companyId;
};
