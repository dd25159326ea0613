import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { ROLES, type Role } from "@/db/schema";
import { authenticateUser } from "@/lib/access/auth/authenticate-user";
import { deriveSecret } from "@/lib/platform/config";
import { AppError } from "@/lib/platform/errors";

export const ADMIN_TOKEN_LIFETIME_SECONDS = 60 * 60;
const ISSUER = "fleet-telematics";
const AUDIENCE = "admin-api";

/**
 * `sessionVersion` is the user's when the token was issued: a password reset, role change, deactivation or "sign out
 * everywhere" raises it, and the token stops.
 */
export type AdminClaims = { userId: number; companyId: number; role: Role; sessionVersion: number };

const signingKey = () => deriveSecret("admin-jwt");

/** Signs an admin-interface token (HS256) for one user; `now` lets tests mint expired ones. */
export const signAdminToken = async (
  { userId, companyId, role, sessionVersion = 0 }: Omit<AdminClaims, "sessionVersion"> & { sessionVersion?: number },
  now = new Date(),
) => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ADMIN_TOKEN_LIFETIME_SECONDS) * 1000);
  const token = await new SignJWT({ companyId, role, sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey());
  return { token, expiresAt };
};

/**
 * Exchanges an admin's email and password for a one-hour token. Wrong credentials are 401 (and
 * throttled with 429 by authenticateUser); a correct password of a non-admin is 403.
 */
export const issueAdminToken = async ({ email, password, ip }: { email: string; password: string; ip: string | null }) => {
  const user = await authenticateUser({ email, password, ip });
  if (user.role !== "admin") throw new AppError("forbidden", "Only users with the admin role can use the admin interface.");
  return signAdminToken({ userId: user.id, companyId: user.companyId, role: user.role, sessionVersion: user.sessionVersion });
};

/** The claims of a valid token; anything forged, expired, malformed or for another audience is 401. */
export const verifyAdminToken = async (token: string): Promise<AdminClaims> => {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ["sub", "exp"] });
    const userId = Number(payload.sub);
    const { companyId, role, sessionVersion } = payload as { companyId?: unknown; role?: unknown; sessionVersion?: unknown };
    if (!Number.isInteger(userId) || !Number.isInteger(companyId) || !(ROLES as readonly unknown[]).includes(role) || !Number.isInteger(sessionVersion)) {
      throw new AppError("unauthorized", "Invalid admin token.");
    }
    return { userId, companyId: companyId as number, role: role as Role, sessionVersion: sessionVersion as number };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError("unauthorized", "The admin token has expired. Request a new one at POST /api/v2/auth/token.");
    throw new AppError("unauthorized", "Invalid admin token.");
  }
};
