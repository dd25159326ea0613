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

/** The tenant's live webhooks subscribed to the event type (none listed: every type). */
const findSubscribedWebhooks = ({ db, companyId, dataset, eventType }: Tenant & { db: Executor; eventType: WebhookEventType }) =>
  db
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

/**
 * Raises one event: a pending delivery for every webhook of the tenant subscribed to its type,
 * all carrying the same event id. Delivery happens later (deliverDueWebhooks), at least once.
 */
export const enqueueWebhookEvent = async ({ db, companyId, dataset, eventType, orderingKey, data }: EnqueueOptions): Promise<string> => {
  const eventId = randomUUID();
  const subscribed = await findSubscribedWebhooks({ db, companyId, dataset, eventType });
  if (subscribed.length === 0) return eventId;
  const payload = { eventId, eventTime: new Date().toISOString(), eventType, orgId: companyId, data };
  await db.insert(webhookDeliveries).values(subscribed.map((webhook) => ({ companyId, dataset, webhookId: webhook.id, eventId, eventType, orderingKey, payload: { ...payload, webhookId: String(webhook.id) } })));
  return eventId;
};

/**
 * Raises many events of one type at once (a CSV import): one look-up of the subscribed webhooks and
 * one insert, instead of a round trip per event. Each event gets its own id, key and data.
 */
export const enqueueWebhookEvents = async ({ db, companyId, dataset, eventType, events }: Omit<EnqueueOptions, "orderingKey" | "data"> & { events: readonly { orderingKey: string; data: Record<string, unknown> }[] }): Promise<void> => {
  if (events.length === 0) return;
  const subscribed = await findSubscribedWebhooks({ db, companyId, dataset, eventType });
  if (subscribed.length === 0) return;
  const eventTime = new Date().toISOString();
  const rows = events.flatMap(({ orderingKey, data }) => {
    const eventId = randomUUID();
    const payload = { eventId, eventTime, eventType, orgId: companyId, data };
    return subscribed.map((webhook) => ({ companyId, dataset, webhookId: webhook.id, eventId, eventType, orderingKey, payload: { ...payload, webhookId: String(webhook.id) } }));
  });
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(webhookDeliveries).values(rows.slice(i, i + 1_000));
};
