"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal is recorded as `webhook.denied`) before touching a
// webhook of the user's company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { WEBHOOK_EVENT_TYPES } from "@/lib/outbound/webhooks/webhook-events";
import { createWebhook, deleteWebhook } from "@/lib/outbound/webhooks/manage-webhooks";
import { redeliverWebhookDelivery } from "@/lib/outbound/webhooks/webhook-delivery-log";
import { sendWebhookTestEvent } from "@/lib/outbound/webhooks/send-test-event";
import type { AppError } from "@/lib/platform/errors";

const manageWebhooks = (id: (raw: unknown) => unknown) =>
  ({
    action: "manageWebhooks",
    denied: { action: "webhook.denied", target: "webhook", id },
    revalidate: ["/settings/webhooks"],
    // The domain names `url` in its message: show it at the field.
    errorField: (error: AppError) => (error.message.includes('"url"') ? "url" : undefined),
  }) as const;

const createWebhookSchema = z.object({
  name: z.string().trim().min(1, "Give the webhook a name.").max(255),
  url: z.string().trim().min(1, "Give the receiver's URL.").max(2_000),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
});

/** Creates a webhook; its signing secret goes back in this one response only. */
export const createWebhookAction = defineAction(
  {
    ...manageWebhooks(() => "new"),
    input: createWebhookSchema,
    args: (_previous: unknown, form: FormData) => ({
      name: form.get("name") ?? "",
      url: form.get("url") ?? "",
      eventTypes: form.getAll("eventTypes").map(String),
    }),
  },
  async ({ input, tenant, actor }) => {
    const row = await createWebhook({ ...tenant, input, actor });
    return { created: { id: row.id, name: row.name, url: row.url, secretKey: row.secretKey } };
  },
);

export const deleteWebhookAction = defineAction(
  { ...manageWebhooks((raw) => raw), input: z.number(), args: (webhookId: unknown) => readId(webhookId) },
  async ({ input: webhookId, tenant, actor }) => {
    await deleteWebhook({ ...tenant, webhookId, actor });
  },
);

export const redeliverAction = defineAction(
  { ...manageWebhooks((raw) => `delivery ${String(raw)}`), input: z.number(), args: (deliveryId: unknown) => readId(deliveryId) },
  async ({ input: deliveryId, tenant, actor }) => {
    await redeliverWebhookDelivery({ ...tenant, deliveryId, actor });
  },
);

/** Queues a test event (Ping) for one webhook; it shows in the delivery log with the receiver's answer. */
export const sendTestEventAction = defineAction(
  { ...manageWebhooks((raw) => raw), input: z.number(), args: (webhookId: unknown) => readId(webhookId) },
  async ({ input: webhookId, tenant, actor }) => {
    await sendWebhookTestEvent({ ...tenant, webhookId, actor });
  },
);
