import type { LegacyEndpoint } from "../define-legacy-endpoint";
import * as assets from "./assets";
import { exchangeClientKeyEndpoint, healthCheckEndpoint } from "./auth";
import { cameraSnapshotEndpoint } from "./camera";
import { driverProposedFuelStopEndpoint, fuelStopProposalEndpoint } from "./fuel-stops";
import { listWasteJobsEndpoint } from "./waste-jobs";

/** Every legacy endpoint, in the order the OpenAPI document lists them. */
export const LEGACY_ENDPOINTS: readonly LegacyEndpoint[] = [
  exchangeClientKeyEndpoint,
  healthCheckEndpoint,
  assets.listAssetPositionsEndpoint,
  assets.findAssetPositionsEndpoint,
  assets.driversTimersEndpoint,
  assets.currentWithTimersEndpoint,
  assets.assetLocationEndpoint,
  assets.assetGpsEndpoint,
  assets.listAssetStatesEndpoint,
  assets.assetStateByVinEndpoint,
  assets.assetStateByIdEndpoint,
  fuelStopProposalEndpoint,
  driverProposedFuelStopEndpoint,
  listWasteJobsEndpoint,
  cameraSnapshotEndpoint,
];
