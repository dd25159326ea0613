import { getLegacyAssetState } from "@/lib/legacy-api/legacy-assets";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v2/assets/vin/{vin}: one asset state (2.5); 404 when the company has no such VIN. */
export const GET = withLegacyApi<{ vin: string }>(async ({ params, db, caller, requestId }) => getLegacyAssetState({ db, caller, vin: params.vin, requestId }));
