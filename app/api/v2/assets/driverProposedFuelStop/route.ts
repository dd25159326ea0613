import { createDriverProposedStop } from "@/lib/fuel-stops/create-driver-proposed-stop";
import { parseWith, readJson } from "@/lib/http";
import { legacyOk } from "@/lib/legacy-api/legacy-ok";
import { driverProposedStopBodySchema } from "@/lib/legacy-api/schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** POST /api/v2/assets/driverProposedFuelStop `{ assetId, driverId?, name, address?, latitude, longitude, note? }` → 200. */
export const POST = withLegacyApi(async ({ request, db, caller }) => {
  const stop = parseWith(driverProposedStopBodySchema, await readJson(request));
  await createDriverProposedStop({ db, companyId: caller.companyId, dataset: caller.dataset, stop });
  return legacyOk();
});
