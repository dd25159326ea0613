import { createDriverProposedStop } from "@/lib/processing/fuel-stops/create-driver-proposed-stop";
import { createFuelStopProposals } from "@/lib/processing/fuel-stops/create-fuel-stop-proposals";
import { defineLegacyEndpoint } from "../define-legacy-endpoint";
import { legacyOk } from "../legacy-ok";
import { driverProposedStopBodySchema, fuelStopProposalBodySchema } from "../schemas";

/** (2.6) → 200; any foreign or unknown assetId → 404, nothing stored. */
export const fuelStopProposalEndpoint = defineLegacyEndpoint({
  method: "POST",
  path: "/api/v2/assets/fuelStopProposal",
  summary: "Propose fuel stops per asset",
  body: fuelStopProposalBodySchema,
  errors: ["bad_request", "not_found"],
  run: async ({ db, caller, body }) => {
    await createFuelStopProposals({ db, companyId: caller.companyId, dataset: caller.dataset, proposals: body.fuelStopsProposalsPerAsset });
    return legacyOk();
  },
});

/** `{ assetId, driverId?, name, address?, latitude, longitude, note? }` → 200. */
export const driverProposedFuelStopEndpoint = defineLegacyEndpoint({
  method: "POST",
  path: "/api/v2/assets/driverProposedFuelStop",
  summary: "Propose a destination or fuel stop to a driver",
  body: driverProposedStopBodySchema,
  errors: ["bad_request", "not_found"],
  run: async ({ db, caller, body: stop }) => {
    await createDriverProposedStop({ db, companyId: caller.companyId, dataset: caller.dataset, stop });
    return legacyOk();
  },
});
