import { listLegacyAssetsWithTimers } from "@/lib/legacy-api/legacy-assets";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v1/assets/driversTimers: assets with driver and HOS timers (2.2). */
export const GET = withLegacyApi(async ({ db, caller }) => listLegacyAssetsWithTimers({ db, caller }));
