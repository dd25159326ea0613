import { parseQuery } from "@/lib/http";
import { listLegacyAssetStates } from "@/lib/legacy-api/legacy-assets";
import { vinListQuerySchema } from "@/lib/legacy-api/query-schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v2/assets?vin=A&vin=B: asset states (2.5); without `vin`, the whole fleet. */
export const GET = withLegacyApi(async ({ request, db, caller }) => {
  const { vin } = parseQuery(request, vinListQuerySchema, ["vin"]);
  return listLegacyAssetStates({ db, caller, vins: vin });
});
