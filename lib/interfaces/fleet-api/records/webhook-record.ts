import { z } from "zod";
import type { WebhookRow } from "@/lib/outbound/webhooks/manage-webhooks";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_VERSIONS } from "@/lib/outbound/webhooks/webhook-events";
import { maskHeaders, maskWebhookSecret } from "@/lib/outbound/webhooks/webhook-secret";
import { idSchema } from "./common";

const headerSchema = z.object({ key: z.string(), value: z.string() });

export const webhookSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    url: z.string(),
    secretKey: z.string().meta({ description: "In full only in the response that created the webhook; masked (last four characters) afterwards." }),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).optional().meta({ description: "Absent: every event type." }),
    customHeaders: z.array(headerSchema).meta({
      description:
        "Values in full only in the response that created the webhook; masked afterwards (a PATCH that sends a masked value back keeps the stored one).",
    }),
    version: z.enum(WEBHOOK_VERSIONS),
  })
  .meta({ id: "Webhook" });

export type WebhookRecord = z.output<typeof webhookSchema>;

/** Samsara's webhook object; the secret and the custom header values only in full when `revealSecret` (creation). */
export const presentWebhook = (row: WebhookRow, { revealSecret = false } = {}): WebhookRecord => ({
  id: String(row.id),
  name: row.name,
  url: row.url,
  secretKey: revealSecret ? row.secretKey : maskWebhookSecret(row.secretKey),
  ...(row.eventTypes.length > 0 ? { eventTypes: row.eventTypes as WebhookRecord["eventTypes"] } : {}),
  customHeaders: revealSecret ? row.customHeaders : maskHeaders(row.customHeaders),
  version: row.version as WebhookRecord["version"],
});
