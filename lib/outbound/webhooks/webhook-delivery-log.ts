import { and, desc, eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";

export type WebhookDeliveryRow = {
  id: number;
  webhookId: number;
  webhookName: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
};

/** The tenant's newest deliveries, all webhooks or one, newest first (the Webhooks page's log). */
export const listWebhookDeliveries = ({
  db,
  companyId,
  dataset,
  webhookId,
  limit = 100,
}: TenantQuery & { webhookId?: number; limit?: number }): Promise<WebhookDeliveryRow[]> =>
  db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      webhookName: webhooks.name,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      latencyMs: webhookDeliveries.latencyMs,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, and(eq(webhooks.companyId, webhookDeliveries.companyId), eq(webhooks.id, webhookDeliveries.webhookId)))
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.dataset, dataset),
        webhookId === undefined ? undefined : eq(webhookDeliveries.webhookId, webhookId),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);

/**
 * Sends a delivery again, now, with the same event id (a receiver that lost it, or one that came
 * back after the retry window). Its window restarts; the webhook must still exist.
 */
export const redeliverWebhookDelivery = ({ db, companyId, dataset, deliveryId, actor }: TenantQuery & { deliveryId: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()`, createdAt: sql`now()`, lastError: null })
      .where(
        and(
          eq(webhookDeliveries.companyId, companyId),
          eq(webhookDeliveries.dataset, dataset),
          eq(webhookDeliveries.id, deliveryId),
          sql`exists (select 1 from webhooks w where w.company_id = ${companyId} and w.id = ${webhookDeliveries.webhookId} and w.deleted_at is null)`,
        ),
      )
      .returning({ webhookId: webhookDeliveries.webhookId, eventId: webhookDeliveries.eventId });
    if (!row) throw new AppError("not_found", `No delivery ${deliveryId} of an existing webhook.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "webhook.redelivered",
      target: { type: "webhook", id: row.webhookId },
      changes: { eventId: { before: null, after: row.eventId } },
    });
  });
