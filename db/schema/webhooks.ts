import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

export type WebhookHeader = { key: string; value: string };

/**
 * A company's outbound webhook (Samsara's /webhooks): where to POST which events, signed with
 * `secret_key` (kept as such: HMAC needs the secret itself). Deleting one sets `deleted_at`, so its
 * delivery log stays readable.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    secretKey: text("secret_key").notNull(),
    /** Empty: every event type. */
    eventTypes: text("event_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customHeaders: jsonb("custom_headers").$type<WebhookHeader[]>().notNull().default([]),
    version: text("version").notNull(),
    createdAt: createdAt(),
    deletedAt: utc("deleted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("webhooks_tenant_idx")
      .on(t.companyId, t.dataset)
      .where(sql`deleted_at is null`),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one webhook: written in the transaction of the change that raised it (an outbox),
 * then attempted until it succeeds or its retry window ends. `event_id` is the event's stable id:
 * every attempt, and every webhook it goes to, carries the same one.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    ...tenantColumns(),
    webhookId: integer("webhook_id").notNull(),
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** Deliveries with the same key (a vehicle, a driver) go out in order. */
    orderingKey: text("ordering_key").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: utc("next_attempt_at").notNull().defaultNow(),
    responseStatus: smallint("response_status"),
    latencyMs: integer("latency_ms"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: utc("delivered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("webhook_deliveries_event_idx").on(t.companyId, t.webhookId, t.eventId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.companyId, t.webhookId, t.id),
    /** The claim's "oldest pending of its webhook and key" check: a probe, not a scan of the queue per candidate. */
    index("webhook_deliveries_pending_key_idx")
      .on(t.companyId, t.webhookId, t.orderingKey, t.id)
      .where(sql`status = 'pending'`),
  ],
);
