import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { deriveSecret, getConfig } from "@/lib/platform/config";
import { AppError } from "@/lib/platform/errors";

const ISSUER = "fleet-telematics";
const AUDIENCE = "legacy-api";

export type LegacyTokenClaims = { companyId: number; clientKeyId: number };

const claimsSchema = z.object({ companyId: z.number().int().positive(), clientKeyId: z.number().int().positive() });

/** 60 minutes (decisions.md); LEGACY_TOKEN_TTL_SECONDS shortens it, e.g. for expiry tests. */
export const getLegacyTokenTtlSeconds = () => getConfig().LEGACY_TOKEN_TTL_SECONDS;

// Read on every call so a test (or an operator) that rotates AUTH_SECRET is honoured without a restart.
const signingKey = () => deriveSecret("legacy-jwt");

/** A short-lived HS256 JWT naming the company and the ClientKey it was issued for. */
export const signLegacyToken = async ({ companyId, clientKeyId }: LegacyTokenClaims): Promise<string> =>
  new SignJWT({ companyId, clientKeyId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(`client-key:${clientKeyId}`)
    .setIssuedAt()
    .setExpirationTime(`${getLegacyTokenTtlSeconds()}s`)
    .sign(signingKey());

/** The token's claims, or 401: expired, forged, malformed, or signed for another purpose. */
export const verifyLegacyToken = async (token: string): Promise<LegacyTokenClaims> => {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new AppError("unauthorized", "Invalid token.");
    return claims.data;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError("unauthorized", "The token has expired. Request a new one at GET /api/v1/auth.");
    }
    throw new AppError("unauthorized", "Invalid token. Request one at GET /api/v1/auth with your X-Client-Key.");
  }
};
