import { z } from "zod";
import { listLegacyAssetPositions, listLegacyAssetsWithTimers, getLegacyAssetState, listLegacyAssetStates } from "../legacy-assets";
import { defineLegacyEndpoint } from "../define-legacy-endpoint";
import { findLegacyTrack } from "../legacy-track";
import { additionalInfoQuerySchema, assetIdParamSchema, assetTrackQuerySchema, vinListBodySchema, vinListQuerySchema } from "../query-schemas";
import { legacyAssetPositionSchema, legacyAssetStateSchema, legacyAssetWithTimersSchema, legacyGpsPointSchema, legacyLocationPointSchema } from "../schemas";

/** The positions of all the company's assets (2.1). */
export const listAssetPositionsEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/assets",
  summary: "Positions of all assets",
  query: additionalInfoQuerySchema,
  response: z.array(legacyAssetPositionSchema),
  errors: ["bad_request"],
  run: async ({ db, caller, query: { additionalInfo = false } }) => listLegacyAssetPositions({ db, caller, additionalInfo }),
});

/** With a JSON array of VINs: the positions of those assets (2.1). */
export const findAssetPositionsEndpoint = defineLegacyEndpoint({
  method: "POST",
  path: "/api/v1/assets",
  summary: "Positions of the given VINs",
  query: additionalInfoQuerySchema,
  body: vinListBodySchema,
  response: z.array(legacyAssetPositionSchema),
  errors: ["bad_request"],
  run: async ({ db, caller, query: { additionalInfo = false }, body: vins }) => listLegacyAssetPositions({ db, caller, vins, additionalInfo }),
});

/** Assets with driver and HOS timers (2.2). */
export const driversTimersEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/assets/driversTimers",
  summary: "Assets with driver and HOS timers",
  response: z.array(legacyAssetWithTimersSchema),
  run: async ({ db, caller }) => listLegacyAssetsWithTimers({ db, caller }),
});

/** The same data as /driversTimers (2.2), under its second legacy name. */
export const currentWithTimersEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/assets/currentWithTimers",
  summary: "Assets with driver and HOS timers (same data)",
  response: z.array(legacyAssetWithTimersSchema),
  run: async ({ db, caller }) => listLegacyAssetsWithTimers({ db, caller }),
});

const TRACK_DESCRIPTION =
  "At most 35 days from `from` to `to`; about one request per minute per asset and endpoint (429 with Retry-After). Downsampled to at most ~1,000 points.";

/** ?vin=&from=&to= (2.3). */
export const assetLocationEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/assets/location",
  summary: "Breadcrumb of one asset",
  description: TRACK_DESCRIPTION,
  query: assetTrackQuerySchema,
  response: z.array(legacyLocationPointSchema),
  errors: ["bad_request", "not_found", "rate_limited"],
  run: async ({ db, caller, query: { vin, from, to } }) => findLegacyTrack({ db, caller, kind: "location", vin, from, to }),
});

/** ?vin=&from=&to= (2.4). */
export const assetGpsEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v1/assets/gps",
  summary: "GPS telemetry of one asset",
  description: TRACK_DESCRIPTION,
  query: assetTrackQuerySchema,
  response: z.array(legacyGpsPointSchema),
  errors: ["bad_request", "not_found", "rate_limited"],
  run: async ({ db, caller, query: { vin, from, to } }) => findLegacyTrack({ db, caller, kind: "gps", vin, from, to }),
});

/** ?vin=A&vin=B: asset states (2.5); without `vin`, the whole fleet. */
export const listAssetStatesEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v2/assets",
  summary: "Asset states",
  query: vinListQuerySchema,
  listKeys: ["vin"],
  response: z.array(legacyAssetStateSchema),
  errors: ["bad_request"],
  run: async ({ db, caller, query: { vin } }) => listLegacyAssetStates({ db, caller, vins: vin }),
});

/** One asset state (2.5); 404 when the company has no such VIN. */
export const assetStateByVinEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v2/assets/vin/{vin}",
  summary: "One asset state by VIN",
  params: z.object({ vin: z.string() }),
  response: legacyAssetStateSchema,
  errors: ["not_found"],
  run: async ({ db, caller, requestId, params: { vin } }) => getLegacyAssetState({ db, caller, vin, requestId }),
});

/** One asset state (2.5); 400 for a non-integer id, 404 when not the company's. */
export const assetStateByIdEndpoint = defineLegacyEndpoint({
  method: "GET",
  path: "/api/v2/assets/getByAssetId/{assetId}",
  summary: "One asset state by id",
  params: assetIdParamSchema,
  response: legacyAssetStateSchema,
  errors: ["bad_request", "not_found"],
  run: async ({ db, caller, requestId, params: { assetId } }) => getLegacyAssetState({ db, caller, assetId, requestId }),
});
