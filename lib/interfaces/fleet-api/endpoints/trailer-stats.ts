import { z } from "zod";
import { getReadDb } from "@/db/client";
import { parseTimeRange } from "@/lib/platform/time-range";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { findStatsHistory } from "@/lib/telemetry/vehicle-history/find-stats-history";
import { listVehicleStates } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { readStatChanges, type PositionChange, type StatChange } from "@/lib/telemetry/vehicle-state/read-changes";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage, toVehiclePage } from "../pagination";
import { idList, tagFilterQuery } from "../queries";
import {
  presentTrailerStats,
  presentTrailerStatsSeries,
  TRAILER_STAT_TYPES,
  trailerStatsSchema,
  trailerStatsSeriesSchema,
} from "../records/trailer-stats-record";
import { cursorScope, readHistory } from "./context";
import { readFeed } from "./read-feed";
import { TRAILER_LIST_PARAMS } from "./trailers";

const types = z
  .array(z.enum(TRAILER_STAT_TYPES))
  .min(1, "give at least one stat type")
  .max(3, "at most 3 stat types")
  .transform((list) => [...new Set(list)])
  .meta({ description: `Up to 3 stat types, comma-separated: ${TRAILER_STAT_TYPES.join(", ")}. gps and gpsOdometerMeters have readings; reefer types none.` });

const statsQuerySchema = z.object({ ...paginationQuery, trailerIds: idList("trailer"), ...tagFilterQuery, types });
const historyQuerySchema = statsQuerySchema.extend({
  startTime: z.string().meta({ description: "RFC 3339 start (inclusive). Required." }),
  endTime: z.string().meta({ description: "RFC 3339 end (exclusive), at most 35 days after startTime. Required." }),
});

export const trailerStatsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/trailers/stats",
  scope: "trailers:read",
  summary: "Trailer stats snapshot",
  description: "Each trailer's latest reading of each type (a type without one is left out).",
  query: statsQuerySchema,
  listKeys: TRAILER_LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "trailerIds" },
  response: pageSchema(trailerStatsSchema, "TrailerStatsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope("fleet/trailers/stats", tenant);
    const rows = await listVehicleStates({
      db,
      ...tenant,
      kind: "trailer",
      vehicleIds: query.trailerIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    const page = toVehiclePage({ rows, limit: query.limit, scope });
    return { ...page, data: page.data.map((state) => presentTrailerStats({ state, types: query.types })) };
  },
});

export const trailerStatsFeedEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/trailers/stats/feed",
  scope: "trailers:read",
  summary: "Change feed of trailer stats",
  description: "First call: each trailer's latest readings and a cursor; then every reading after the cursor. Poll with `endCursor`.",
  query: statsQuerySchema,
  listKeys: TRAILER_LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "trailerIds" },
  response: pageSchema(trailerStatsSeriesSchema, "TrailerStatsSeriesPage"),
  run: async ({ db, tenant, version, query }) => {
    const { types } = query;
    return readFeed({
      db,
      tenant,
      version,
      kind: "trailer",
      scope: cursorScope("fleet/trailers/stats/feed", tenant),
      after: query.after,
      limit: query.limit,
      vehicleIds: query.trailerIds,
      withLocationOnly: false,
      readChanges: (range) => readStatChanges({ db, ...tenant, ...range, vehicleIds: query.trailerIds, includePositions: types.includes("gps") }),
      presentSnapshot: (states) =>
        states.map((state) => {
          const { id, name, gps, gpsOdometerMeters } = presentTrailerStats({ state, types });
          return {
            id,
            name,
            ...(types.includes("gps") ? { gps: gps ? [gps] : [] } : {}),
            ...(types.includes("gpsOdometerMeters") ? { gpsOdometerMeters: gpsOdometerMeters ? [gpsOdometerMeters] : [] } : {}),
          };
        }),
      presentChanges: (trailers, changes) =>
        presentTrailerStatsSeries({
          trailers,
          samples: changes.filter((change): change is StatChange => change.kind === "stats"),
          positions: changes.filter((change): change is PositionChange => change.kind === "position"),
          types,
        }),
    });
  },
});

export const trailerStatsHistoryEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/trailers/stats/history",
  scope: "trailers:read",
  summary: "Trailer stats history",
  description: "Each trailer's readings over the range (paged by trailer), at most 1,000 points per series (longer ranges are bucketed).",
  query: historyQuerySchema,
  listKeys: TRAILER_LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "trailerIds" },
  response: pageSchema(trailerStatsSeriesSchema, "TrailerStatsHistoryPage"),
  run: async ({ db, tenant, query, key }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: ["startTime", "endTime"] });
    return readHistory({ tenant, key, range }, async () => {
      const scope = cursorScope("fleet/trailers/stats/history", tenant);
      const trailers = await listVehicles({
        db,
        ...tenant,
        kind: "trailer",
        vehicleIds: query.trailerIds,
        archive: query.trailerIds ? "all" : "active",
        afterId: readAfterId({ after: query.after, scope }),
        limit: query.limit + 1,
      });
      const pageIds = trailers.slice(0, query.limit).map((trailer) => trailer.id);
      const bucketSeconds = chooseBucketSeconds({ range });
      const history = { db: getReadDb(), ...tenant, vehicleIds: pageIds, range, bucketSeconds };
      const [samples, positions] = await Promise.all([
        query.types.includes("gpsOdometerMeters") ? findStatsHistory(history) : [],
        query.types.includes("gps") ? findLocationHistory(history) : [],
      ]);
      return toKeysetPage({
        rows: trailers,
        limit: query.limit,
        scope,
        idOf: (trailer) => trailer.id,
        present: (page) => presentTrailerStatsSeries({ trailers: page, samples, positions, types: query.types }),
      });
    });
  },
});
