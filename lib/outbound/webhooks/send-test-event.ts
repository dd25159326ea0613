import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import type { TenantQuery } from "@/lib/platform/tenant";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";
import { WEBHOOK_TEST_EVENT_TYPE } from "./webhook-events";
import { getWebhook } from "./manage-webhooks";

/**
 * Queues a test event (`Ping`) for one webhook, through the same outbox as every event: signed,
 * retried and listed in the delivery log like them, so the admin sees what their receiver answered.
 * Audited; another company's webhook is 404. Returns the event id.
 */
export const sendWebhookTestEvent = ({ db, companyId, dataset, webhookId, actor }: TenantQuery & { webhookId: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const webhook = await getWebhook({ db: tx, companyId, dataset, webhookId });
    const eventId = await enqueueWebhookEvent({
      db: tx,
      companyId,
      dataset,
      webhookId: webhook.id,
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      orderingKey: `webhook:${webhook.id}`,
      data: { message: `A test event for the webhook “${webhook.name}”. It needs no action.` },
    });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "webhook.tested",
      target: { type: "webhook", id: webhook.id },
      changes: { eventId: { before: null, after: eventId } },
    });
    return { eventId };
  });
