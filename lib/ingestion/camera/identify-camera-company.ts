import { createHmac } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { cameraSecrets } from "@/db/schema";
import { constantTimeEqual } from "@/lib/platform/crypto";
import { AppError } from "@/lib/platform/errors";

export const CAMERA_SIGNATURE_HEADER = "x-camera-signature";
/** Optional: the id of the secret that signed (Settings → Partner credentials shows it), so no scan is needed. */
export const CAMERA_SECRET_ID_HEADER = "x-camera-secret-id";
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export const signCameraBody = (secret: string, rawBody: string) => `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;

/** A secret verifies until revoked or until the end of its overlap window after a rotation (the database's clock). */
export const isActiveCameraSecret = () => and(isNull(cameraSecrets.revokedAt), or(isNull(cameraSecrets.expiresAt), gt(cameraSecrets.expiresAt, sql`now()`)));

type IdentifyOptions = { db: Executor; rawBody: string; signature: string | null; secretId?: string | null };

/**
 * The company whose camera secret signed `rawBody` (HMAC-SHA256, header `sha256=<hex>`), or 401.
 * With `X-Camera-Secret-Id` the one named secret is checked (one primary-key lookup). Without it the
 * signature is all that names the company, so every active secret is tried, each with a
 * constant-time compare: linear in the number of companies' secrets, kept for platforms set up
 * before the id header existed.
 */
export const identifyCameraCompany = async ({ db, rawBody, signature, secretId }: IdentifyOptions) => {
  const provided = signature?.trim().match(SIGNATURE)?.[1]?.toLowerCase();
  if (!provided) throw new AppError("unauthorized", "Missing or malformed X-Camera-Signature (expected sha256=<hex>).");
  const named = secretId?.trim();
  if (named !== undefined && named !== "" && !/^\d{1,9}$/.test(named))
    throw new AppError("unauthorized", "Malformed X-Camera-Secret-Id (expected the secret's numeric id).");
  const secrets = await db
    .select({ companyId: cameraSecrets.companyId, secret: cameraSecrets.secret })
    .from(cameraSecrets)
    .where(named ? and(eq(cameraSecrets.id, Number(named)), isActiveCameraSecret()) : isActiveCameraSecret());
  let companyId: number | null = null;
  for (const candidate of secrets) {
    // No early exit: the time taken does not tell which secret (if any) matched.
    if (constantTimeEqual(signCameraBody(candidate.secret, rawBody).slice(7), provided) && companyId === null) companyId = candidate.companyId;
  }
  if (companyId === null) throw new AppError("unauthorized", "Invalid X-Camera-Signature.");
  return companyId;
};
