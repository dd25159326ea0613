import { parseWith, readJson } from "@/lib/http";
import { createFuelStopProposals } from "@/lib/fuel-stops/create-fuel-stop-proposals";
import { legacyOk } from "@/lib/legacy-api/legacy-ok";
import { fuelStopProposalBodySchema } from "@/lib/legacy-api/schemas";
import { withLegacyApi } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** POST /api/v2/assets/fuelStopProposal (2.6) → 200; any foreign or unknown assetId → 404, nothing stored. */
export const POST = withLegacyApi(async ({ request, db, caller }) => {
  const body = parseWith(fuelStopProposalBodySchema, await readJson(request));
  await createFuelStopProposals({ db, companyId: caller.companyId, dataset: caller.dataset, proposals: body.fuelStopsProposalsPerAsset });
  return legacyOk();
});
