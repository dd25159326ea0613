import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhooks } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import type { WEBHOOK_TEST_EVENT_TYPE, WebhookEventType } from "./webhook-events";

/** The tenant's live webhooks (or the one asked for) with the event types each subscribes to (none listed: every type). */
const findWebhooks = ({ db, companyId, dataset, webhookId }: Tenant & { db: Executor; webhookId?: number }) =>
  db
    .select({ id: webhooks.id, eventTypes: webhooks.eventTypes })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.companyId, companyId),
        eq(webhooks.dataset, dataset),
        isNull(webhooks.deletedAt),
        webhookId === undefined ? undefined : eq(webhooks.id, webhookId),
      ),
    );

const DELIVERIES_A_STATEMENT = 5_000;

/** One event to raise: events with the same key (`vehicle:12`, `driver:7`) reach each webhook in the order given. */
export type WebhookEvent = { eventType: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE; orderingKey: string; data: Record<string, unknown> };

/**
 * Raises events in the transaction of the change that raised them (the events exist exactly when the
 * change does): a pending delivery for every webhook of the tenant subscribed to each event's type,
 * all of one event carrying the same event id. One look-up of the webhooks and an insert per 5,000
 * deliveries, whatever the number of events (an import, a batch of incidents). Delivery happens later
 * (deliverDueWebhooks), at least once. `webhookId` sends to that webhook only, whatever it subscribes
 * to (a test event). Returns the event ids, in order.
 */
export const enqueueWebhookEvents = async ({
  db,
  companyId,
  dataset,
  events,
  webhookId,
}: Tenant & { db: Executor; events: readonly WebhookEvent[]; webhookId?: number }): Promise<string[]> => {
  const eventIds = events.map(() => randomUUID());
  if (events.length === 0) return eventIds;
  const hooks = await findWebhooks({ db, companyId, dataset, webhookId });
  if (hooks.length === 0) return eventIds;
  const eventTime = new Date().toISOString();
  const rows = events.flatMap(({ eventType, orderingKey, data }, index) => {
    const eventId = eventIds[index];
    const payload = { eventId, eventTime, eventType, orgId: companyId, data };
    return hooks
      .filter((webhook) => webhookId !== undefined || webhook.eventTypes.length === 0 || webhook.eventTypes.includes(eventType))
      .map((webhook) => ({
        webhook_id: webhook.id,
        event_id: eventId,
        event_type: eventType,
        ordering_key: orderingKey,
        payload: { ...payload, webhookId: String(webhook.id) },
      }));
  });
  // One JSON parameter a statement, inserted in the order given (ids, and so delivery order per key, follow it).
  for (let i = 0; i < rows.length; i += DELIVERIES_A_STATEMENT) {
    const slice = rows.slice(i, i + DELIVERIES_A_STATEMENT).map((row, n) => ({ ...row, n }));
    await db.execute(sql`insert into webhook_deliveries (company_id, dataset, webhook_id, event_id, event_type, ordering_key, payload)
      select ${companyId}, ${dataset}, r.webhook_id, r.event_id, r.event_type, r.ordering_key, r.payload
      from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as r(n int, webhook_id int, event_id uuid, event_type text, ordering_key text, payload jsonb)
      order by r.n`);
  }
  return eventIds;
};

/** Raises one event (see enqueueWebhookEvents); returns its id. */
export const enqueueWebhookEvent = async ({
  db,
  companyId,
  dataset,
  webhookId,
  ...event
}: Tenant & { db: Executor; webhookId?: number } & WebhookEvent): Promise<string> =>
  (await enqueueWebhookEvents({ db, companyId, dataset, webhookId, events: [event] }))[0];
