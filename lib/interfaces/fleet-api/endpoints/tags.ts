import { z } from "zod";
import { createTag, createTagSchema, deleteTag, getTag, listTags, patchTagSchema, replaceTagSchema, updateTag } from "@/lib/fleet/tags";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idParamsSchema } from "../queries";
import { presentTag, tagResponseSchema, tagSchema } from "../records/tag-record";
import { cursorScope } from "./context";

export const listTagsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/tags",
  scope: "tags:read",
  summary: "List tags",
  query: z.object(paginationQuery),
  response: pageSchema(tagSchema, "TagsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope("tags", tenant);
    const rows = await listTags({ db, ...tenant, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentTag) });
  },
});

export const createTagEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/tags",
  scope: "tags:write",
  summary: "Create a tag",
  description: "A tag groups vehicles and drivers; `parentTagId` places it in a tag tree.",
  body: createTagSchema,
  response: tagResponseSchema,
  status: 201,
  run: async ({ db, tenant, body, actor }) => ({ data: presentTag(await createTag({ db, ...tenant, input: body, actor })) }),
});

export const getTagEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/tags/{id}",
  scope: "tags:read",
  summary: "One tag",
  params: idParamsSchema,
  response: tagResponseSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => ({ data: presentTag(await getTag({ db, ...tenant, tagId: params.id })) }),
});

export const patchTagEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/tags/{id}",
  scope: "tags:write",
  summary: "Update a tag",
  description: "A JSON merge patch: the fields given replace the tag's (a member list replaces the whole list). A parent that would make a cycle is a 400.",
  params: idParamsSchema,
  body: patchTagSchema,
  response: tagResponseSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentTag(await updateTag({ db, ...tenant, tagId: params.id, input: body, mode: "patch", actor })),
  }),
});

export const replaceTagEndpoint = defineFleetEndpoint({
  method: "PUT",
  path: "/tags/{id}",
  scope: "tags:write",
  summary: "Replace a tag",
  description: "Samsara's replace: the members and parent left out are cleared; the name is kept when left out.",
  params: idParamsSchema,
  body: replaceTagSchema,
  response: tagResponseSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentTag(await updateTag({ db, ...tenant, tagId: params.id, input: body, mode: "replace", actor })),
  }),
});

export const deleteTagEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/tags/{id}",
  scope: "tags:write",
  summary: "Delete a tag",
  description: "Its vehicles and drivers stay; its child tags move up to its parent.",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    await deleteTag({ db, ...tenant, tagId: params.id, actor });
  },
});
