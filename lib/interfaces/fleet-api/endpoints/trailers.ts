import { z } from "zod";
import { createTrailer, createTrailerSchema, deleteTrailer, getTrailer, trailerInputSchema, updateTrailer } from "@/lib/fleet/trailers";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idList, idParamsSchema, tagFilterQuery } from "../queries";
import { presentTrailer, trailerResponseSchema, trailerSchema } from "../records/trailer-record";
import { cursorScope } from "./context";

/** Query keys that are lists on the trailer endpoints. */
export const TRAILER_LIST_PARAMS = ["trailerIds", "types", "tagIds", "parentTagIds", "driverIds", "decorations"] as const;

const listQuerySchema = z.object({ ...paginationQuery, trailerIds: idList("trailer"), ...tagFilterQuery });

export const listTrailersEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/trailers",
  scope: "trailers:read",
  summary: "List trailers",
  description: "The trailers (deleted ones left out), by id. `parentTagIds` includes every tag below each parent.",
  query: listQuerySchema,
  listKeys: TRAILER_LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "trailerIds" },
  response: pageSchema(trailerSchema, "TrailersPage"),
  run: async ({ db, tenant, query }) => {
    const filtered = query.tagIds || query.parentTagIds;
    const scope = cursorScope(filtered ? `fleet/trailers?${query.tagIds ?? ""}&${query.parentTagIds ?? ""}` : "fleet/trailers", tenant);
    const rows = await listVehicles({
      db,
      ...tenant,
      kind: "trailer",
      vehicleIds: query.trailerIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentTrailer) });
  },
});

export const createTrailerEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/fleet/trailers",
  scope: "trailers:write",
  summary: "Create a trailer",
  description:
    "A trailer is an asset like a vehicle: bind a tracker to it (Devices) and it has positions, playback, reports and alerts. 409 for a serial number in use.",
  body: createTrailerSchema,
  response: trailerResponseSchema,
  errors: ["conflict", "not_found"],
  run: async ({ db, tenant, body, actor }) => ({ data: presentTrailer(await createTrailer({ db, ...tenant, input: body, actor })) }),
});

export const getTrailerEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/trailers/{id}",
  scope: "trailers:read",
  summary: "One trailer",
  params: idParamsSchema,
  response: trailerResponseSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => ({ data: presentTrailer(await getTrailer({ db, ...tenant, trailerId: params.id })) }),
});

export const updateTrailerEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/trailers/{id}",
  scope: "trailers:write",
  summary: "Update a trailer",
  description: "JSON merge patch: only the fields given change; `tagIds` replaces the trailer's tags.",
  params: idParamsSchema,
  body: trailerInputSchema,
  response: trailerResponseSchema,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentTrailer(await updateTrailer({ db, ...tenant, trailerId: params.id, input: body, actor })),
  }),
});

export const deleteTrailerEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/fleet/trailers/{id}",
  scope: "trailers:write",
  summary: "Delete a trailer",
  description: "The trailer leaves the interface and the live map; its history (positions, couplings) stays in playback and reports. Its open couplings end.",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    await deleteTrailer({ db, ...tenant, trailerId: params.id, actor });
  },
});
