import { listLegacyAssetsWithTimers } from "@/lib/legacy-api/legacy-assets";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v1/assets/currentWithTimers: the same data as /driversTimers (2.2), under its second legacy name. */
export const GET = withLegacyApi(async ({ db, caller }) => listLegacyAssetsWithTimers({ db, caller }));
