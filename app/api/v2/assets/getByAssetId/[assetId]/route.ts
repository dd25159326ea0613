import { parseWith } from "@/lib/http";
import { getLegacyAssetState } from "@/lib/legacy-api/legacy-assets";
import { assetIdParamSchema } from "@/lib/legacy-api/query-schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v2/assets/getByAssetId/{assetId}: one asset state (2.5); 400 for a non-integer id, 404 when not the company's. */
export const GET = withLegacyApi<{ assetId: string }>(async ({ params, db, caller, requestId }) => {
  const { assetId } = parseWith(assetIdParamSchema, params, "path");
  return getLegacyAssetState({ db, caller, assetId, requestId });
});
