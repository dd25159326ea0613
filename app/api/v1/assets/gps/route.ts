import { parseQuery } from "@/lib/http";
import { findLegacyTrack } from "@/lib/legacy-api/legacy-track";
import { assetTrackQuerySchema } from "@/lib/legacy-api/query-schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v1/assets/gps?vin=&from=&to= (2.4): at most 35 days, about one call a minute per asset. */
export const GET = withLegacyApi(async ({ request, db, caller }) => {
  const { vin, from, to } = parseQuery(request, assetTrackQuerySchema);
  return findLegacyTrack({ db, caller, kind: "gps", vin, from, to });
});
