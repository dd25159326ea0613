import { randomUUID } from "node:crypto";
import { and, arrayContains, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhookDeliveries, webhooks } from "@/db/schema";
import type { Tenant } from "@/lib/tenant";
import type { WebhookEventType } from "./webhook-events";

type EnqueueOptions = Tenant & {
  /** The transaction of the change that raised the event: the event exists exactly when the change does. */
  db: Executor;
  eventType: WebhookEventType;
  /** Events with the same key (`vehicle:12`, `driver:7`) reach each webhook in the order they were raised. */
  orderingKey: string;
  data: Record<string, unknown>;
};

/**
 * Raises one event: a pending delivery for every webhook of the tenant subscribed to its type,
 * all carrying the same event id. Delivery happens later (deliverDueWebhooks), at least once.
 */
export const enqueueWebhookEvent = async ({ db, companyId, dataset, eventType, orderingKey, data }: EnqueueOptions): Promise<string> => {
  const eventId = randomUUID();
  const subscribed = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.companyId, companyId),
        eq(webhooks.dataset, dataset),
        isNull(webhooks.deletedAt),
        or(sql`cardinality(${webhooks.eventTypes}) = 0`, arrayContains(webhooks.eventTypes, [eventType])),
      ),
    );
  if (subscribed.length === 0) return eventId;
  const payload = { eventId, eventTime: new Date().toISOString(), eventType, orgId: companyId, data };
  await db.insert(webhookDeliveries).values(subscribed.map((webhook) => ({ companyId, dataset, webhookId: webhook.id, eventId, eventType, orderingKey, payload: { ...payload, webhookId: String(webhook.id) } })));
  return eventId;
};
