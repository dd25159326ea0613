import { z } from "zod";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "@/lib/outbound/webhooks/manage-webhooks";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_VERSIONS } from "@/lib/outbound/webhooks/webhook-events";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idParamsSchema } from "../queries";
import { presentWebhook, webhookSchema } from "../records/webhook-record";
import { cursorScope } from "./context";

const headersSchema = z
  .array(
    z.object({
      key: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[!#$%&'*+.^_`|~\w-]+$/, "a header name"),
      value: z.string().max(1_000),
    }),
  )
  .max(5);
const writableFields = {
  name: z.string().trim().min(1).max(255),
  url: z.string().max(2_000),
  customHeaders: headersSchema,
  version: z.enum(WEBHOOK_VERSIONS),
};
// Strict, as the drivers' bodies are: a misspelt field is a 400 naming it, not a silent no-op.
const createSchema = z
  .object({
    ...writableFields,
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length).optional(),
    customHeaders: headersSchema.optional(),
    version: writableFields.version.optional(),
  })
  .strict();
const patchSchema = z.object(writableFields).partial().strict();
const listQuerySchema = z.object({
  ...paginationQuery,
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, "comma-separated webhook ids")
    .transform((ids) => ids.split(",").map(Number))
    .optional(),
});
const webhookResponse = webhookSchema.meta({ id: "WebhookResponse" });

export const listWebhooksEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/webhooks",
  scope: "webhooks:read",
  summary: "List webhooks",
  query: listQuerySchema,
  response: pageSchema(webhookSchema, "WebhooksPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`webhooks?${query.ids?.join(",") ?? ""}`, tenant);
    const rows = await listWebhooks({ db, ...tenant, ids: query.ids, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map((row) => presentWebhook(row)) });
  },
});

export const createWebhookEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/webhooks",
  scope: "webhooks:write",
  summary: "Create a webhook",
  description:
    "The response carries the signing secret in full, the only time it is shown. URLs at loopback, private, link-local or metadata addresses are refused.",
  body: createSchema,
  response: webhookResponse,
  headers: { "Cache-Control": "no-store" },
  run: async ({ db, tenant, body, actor }) => presentWebhook(await createWebhook({ db, ...tenant, input: body, actor }), { revealSecret: true }),
});

export const getWebhookEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/webhooks/{id}",
  scope: "webhooks:read",
  summary: "One webhook",
  params: idParamsSchema,
  response: webhookResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => presentWebhook(await getWebhook({ db, ...tenant, webhookId: params.id })),
});

export const patchWebhookEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/webhooks/{id}",
  scope: "webhooks:write",
  summary: "Update a webhook",
  params: idParamsSchema,
  body: patchSchema,
  response: webhookResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => presentWebhook(await updateWebhook({ db, ...tenant, webhookId: params.id, input: body, actor })),
});

export const deleteWebhookEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: "/webhooks/{id}",
  scope: "webhooks:write",
  summary: "Delete a webhook",
  params: idParamsSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, params, actor }) => {
    await deleteWebhook({ db, ...tenant, webhookId: params.id, actor });
  },
});
