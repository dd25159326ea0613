import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { clientKeys } from "@/db/schema";
import { sha256Hex } from "@/lib/platform/crypto";
import { AppError } from "@/lib/platform/errors";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { clientKeyExchangeRateLimit } from "./legacy-rate-limits";
import { signLegacyToken } from "./legacy-token";

/**
 * GET /api/v1/auth: trades a ClientKey for a short-lived token. Keys are stored as SHA-256, so the
 * lookup is by hash through a unique index; the plaintext is never compared or stored. Exchanges are
 * counted per client `address` first, right key or wrong (429 with Retry-After).
 */
export const exchangeClientKey = async ({ db, clientKey, address }: { db: Executor; clientKey: string | null; address: string | null }) => {
  if (!clientKey) throw new AppError("unauthorized", "Missing X-Client-Key header.");
  await enforceRateLimit({
    db,
    ...clientKeyExchangeRateLimit(address),
    message: "Too many ClientKey exchanges from your address. Retry after the number of seconds in Retry-After.",
  });
  const [key] = await db
    .select({ id: clientKeys.id, companyId: clientKeys.companyId })
    .from(clientKeys)
    .where(and(eq(clientKeys.hash, sha256Hex(clientKey)), isNull(clientKeys.revokedAt)));
  if (!key) throw new AppError("unauthorized", "Unknown or revoked ClientKey.");
  return { userId: null, token: await signLegacyToken({ companyId: key.companyId, clientKeyId: key.id }) };
};
