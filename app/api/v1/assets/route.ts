import { parseQuery, parseWith, readJson } from "@/lib/http";
import { listLegacyAssetPositions } from "@/lib/legacy-api/legacy-assets";
import { additionalInfoQuerySchema, vinListBodySchema } from "@/lib/legacy-api/query-schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v1/assets?additionalInfo=: the positions of all the company's assets (2.1). */
export const GET = withLegacyApi(async ({ request, db, caller }) => {
  const { additionalInfo = false } = parseQuery(request, additionalInfoQuerySchema);
  return listLegacyAssetPositions({ db, caller, additionalInfo });
});

/** POST /api/v1/assets?additionalInfo= with a JSON array of VINs: the positions of those assets (2.1). */
export const POST = withLegacyApi(async ({ request, db, caller }) => {
  const { additionalInfo = false } = parseQuery(request, additionalInfoQuerySchema);
  const vins = parseWith(vinListBodySchema, await readJson(request));
  return listLegacyAssetPositions({ db, caller, vins, additionalInfo });
});
