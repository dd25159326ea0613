import { z } from "zod";
import type { Executor } from "@/db/client";
import { createPlace, deletePlace, getPlace, listPlaces, updatePlace, type PlaceRow } from "@/lib/fleet/places/manage-places";
import { findTagsByIds } from "@/lib/fleet/tags";
import type { Tenant } from "@/lib/platform/tenant";
import { createPlaceSchema, updatePlaceSchema } from "@/lib/fleet/places/place-input";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idParamsSchema, tagFilterQuery } from "../queries";
import { TAG_FILTER_PARAMS } from "../tag-filter";
import { addressSchema, presentAddress } from "../records/address-record";
import { cursorScope } from "./context";

const addressResponse = z.object({ data: addressSchema }).meta({ id: "AddressResponse" });

/** The places in Samsara's shape, their tags named. */
const presentAddresses = async ({ db, tenant, rows }: { db: Executor; tenant: Tenant; rows: PlaceRow[] }) => {
  const tagsById = await findTagsByIds({ db, ...tenant, ids: rows.flatMap((row) => row.tagIds) });
  return rows.map((row) => presentAddress(row, tagsById));
};

const oneAddress = async ({ db, tenant, row }: { db: Executor; tenant: Tenant; row: PlaceRow }) => ({
  data: (await presentAddresses({ db, tenant, rows: [row] }))[0],
});

export const listAddressesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/addresses",
  scope: "addresses:read",
  summary: "List places (addresses with their geofences)",
  description: "`tagIds`: places carrying one of the tags; `parentTagIds`: one of the tags or a tag below them.",
  query: z.object({ ...paginationQuery, ...tagFilterQuery }),
  listKeys: TAG_FILTER_PARAMS,
  tagFilter: { members: "tags", narrows: "tagIds" },
  response: pageSchema(addressSchema, "AddressesPage"),
  run: async ({ db, tenant, query }) => {
    // The tag filter is part of the cursor's endpoint so a cursor cannot switch it mid-listing.
    const scope = cursorScope(query.tagIds ? `addresses?${query.tagIds}` : "addresses", tenant);
    const rows = await listPlaces({ db, ...tenant, tagIds: query.tagIds, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    const presented = new Map((await presentAddresses({ db, tenant, rows })).map((record) => [Number(record.id), record]));
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map((row) => presented.get(row.id)!) });
  },
});

export const createAddressEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/addresses",
  scope: "addresses:write",
  summary: "Create a place",
  description:
    "A circle (radius over 0, at most 50 km) or a polygon (3 to 1,000 vertices whose edges do not cross). " +
    "This service does not geocode: a circle needs a latitude and longitude.",
  body: createPlaceSchema,
  response: addressResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => oneAddress({ db, tenant, row: await createPlace({ db, ...tenant, input: body, actor }) }),
});

export const getAddressEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/addresses/{id}",
  scope: "addresses:read",
  summary: "One place",
  params: idParamsSchema,
  response: addressResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => oneAddress({ db, tenant, row: await getPlace({ db, ...tenant, placeId: params.id }) }),
});

export const updateAddressEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/addresses/{id}",
  scope: "addresses:write",
  summary: "Update a place",
  params: idParamsSchema,
  body: updatePlaceSchema,
  response: addressResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) =>
    oneAddress({ db, tenant, row: await updatePlace({ db, ...tenant, placeId: params.id, input: body, actor }) }),
});

export const deleteAddressEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/addresses/{id}",
  scope: "addresses:write",
  summary: "Delete a place",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    await deletePlace({ db, ...tenant, placeId: params.id, actor });
  },
});
