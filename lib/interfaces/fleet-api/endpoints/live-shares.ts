import { z } from "zod";
import { createLiveShare, listLiveShares, revokeLiveShare, updateLiveShare } from "@/lib/live/shares/manage-live-shares";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { LIVE_SHARE_TYPES, liveShareSchema, presentLiveShare } from "../records/live-share-record";
import { cursorScope } from "./context";

const MAX_LINKS_PAGE = 100;
const expiresAtTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const textFields = { name: z.string().trim().min(1).max(255), description: z.string().max(1_000).optional() };
// Samsara's other link types (near a location, on a route) and tag sets are not kept here: a 400 naming them.
const createSchema = z
  .object({
    ...textFields,
    type: z.enum(LIVE_SHARE_TYPES, { error: "type: only assetsLocation (one vehicle's live position) is supported." }),
    expiresAtTime: expiresAtTime.optional(),
    assetsLocationLinkConfig: z
      .object({
        assetId: z
          .string()
          .regex(/^\d{1,9}$/, "a vehicle id")
          .transform(Number),
      })
      .strict(),
  })
  .strict();
const updateSchema = z.object({ ...textFields, expiresAtTime: expiresAtTime.optional() }).strict();
const idQuerySchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "a live sharing link id")
    .transform(Number),
});
const listQuerySchema = z.object({
  ...paginationQuery,
  limit: paginationQuery.limit.pipe(z.number().max(MAX_LINKS_PAGE)).meta({ description: `Page size, 1 to ${MAX_LINKS_PAGE} (default 50).` }),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, "comma-separated link ids")
    .transform((ids) => ids.split(",").map(Number))
    .optional(),
  type: z.enum(["all", "assetsLocation", "assetsNearLocation", "assetsOnRoute"]).optional(),
});
const linkResponse = z.object({ data: liveShareSchema }).meta({ id: "LiveSharingLinkResponse" });

export const listLiveSharesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/live-shares",
  scope: "live-shares:read",
  summary: "List live sharing links",
  description: "The links that still work: revoked and expired ones are left out.",
  query: listQuerySchema,
  response: pageSchema(liveShareSchema, "LiveSharingLinksPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`live-shares?${query.ids?.join(",") ?? ""}`, tenant);
    // Only assetsLocation links exist here: asking for another type lists none.
    const rows =
      query.type && query.type !== "all" && query.type !== "assetsLocation"
        ? []
        : await listLiveShares({ db, ...tenant, ids: query.ids, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentLiveShare) });
  },
});

export const createLiveShareEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/live-shares",
  scope: "live-shares:write",
  summary: "Create a live sharing link",
  description: "A public page with one vehicle's live position, until `expiresAtTime` (never, when absent) or until deleted.",
  body: createSchema,
  response: linkResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => ({
    data: presentLiveShare(
      await createLiveShare({
        db,
        ...tenant,
        actor,
        input: { name: body.name, description: body.description, vehicleId: body.assetsLocationLinkConfig.assetId, expiresAt: body.expiresAtTime },
      }),
    ),
  }),
});

export const updateLiveShareEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/live-shares",
  scope: "live-shares:write",
  summary: "Update a live sharing link",
  query: idQuerySchema,
  body: updateSchema,
  response: linkResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, query, body, actor }) => ({
    data: presentLiveShare(
      await updateLiveShare({
        db,
        ...tenant,
        actor,
        shareId: query.id,
        input: { name: body.name, description: body.description, expiresAt: body.expiresAtTime },
      }),
    ),
  }),
});

export const deleteLiveShareEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/live-shares",
  scope: "live-shares:write",
  summary: "Delete a live sharing link",
  description: "The link stops at once: its page shows that it ended, an open page within seconds.",
  query: idQuerySchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, query, actor }) => {
    await revokeLiveShare({ db, ...tenant, actor, shareId: query.id });
  },
});
