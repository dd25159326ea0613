import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { clientKeys, companies, type Module } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { readBearerToken } from "@/lib/platform/http/route-context";
import { verifyLegacyToken } from "./legacy-token";

/** Who a legacy request acts for. The legacy interface has no sandbox: it always reads `live`. */
export type LegacyCaller = { companyId: number; clientKeyId: number; dataset: "live"; modules: string[] };

/**
 * Verifies the Bearer token and that its ClientKey is still active, so revoking a key also ends the
 * tokens issued for it (one primary-key lookup per request).
 */
export const authenticateLegacyRequest = async ({ db, request }: { db: Executor; request: Request }): Promise<LegacyCaller> => {
  const token = readBearerToken(request);
  if (!token) throw new AppError("unauthorized", "Missing Authorization: Bearer <token>. Request a token at GET /api/v1/auth.");
  const { companyId, clientKeyId } = await verifyLegacyToken(token);
  const [key] = await db
    .select({ modules: companies.modules })
    .from(clientKeys)
    .innerJoin(companies, eq(companies.id, clientKeys.companyId))
    .where(and(eq(clientKeys.id, clientKeyId), eq(clientKeys.companyId, companyId), isNull(clientKeys.revokedAt)));
  if (!key) throw new AppError("unauthorized", "The ClientKey of this token was revoked.");
  return { companyId, clientKeyId, dataset: "live", modules: key.modules };
};

/** 403 unless the caller's company has the product module, e.g. `Waste` for waste jobs. */
export const requireModule = (caller: LegacyCaller, module: Module) => {
  if (!caller.modules.includes(module)) {
    throw new AppError("forbidden", `Your company does not have the ${module} module.`);
  }
};
