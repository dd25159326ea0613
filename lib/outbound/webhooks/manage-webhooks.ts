import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { webhooks, type WebhookHeader } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { CURRENT_WEBHOOK_VERSION } from "./webhook-events";
import { generateWebhookSecret, keepMaskedValues } from "./webhook-secret";
import { assertWebhookUrl, type ResolveHost } from "./webhook-target";

export type WebhookRow = typeof webhooks.$inferSelect;

export type WebhookInput = { name: string; url: string; eventTypes?: string[]; customHeaders?: WebhookHeader[]; version?: string };

type Audited = { actor: AuditActor; resolve?: ResolveHost };

const active = ({ companyId, dataset }: Omit<TenantQuery, "db">, id?: number) =>
  and(whereTenant(webhooks, { companyId, dataset }), isNull(webhooks.deletedAt), id === undefined ? undefined : eq(webhooks.id, id));

/** What the audit log keeps of a webhook: never its secret. */
const audited = (row: Partial<WebhookRow>) => ({
  name: row.name,
  url: row.url,
  eventTypes: row.eventTypes,
  customHeaders: row.customHeaders?.map((header) => header.key),
  version: row.version,
});

/** Creates a webhook with a new secret (the caller shows it once); 400 naming `url` for a refused target. */
export const createWebhook = async ({
  db,
  companyId,
  dataset,
  input,
  actor,
  resolve,
}: TenantQuery & Audited & { input: WebhookInput }): Promise<WebhookRow> => {
  await assertWebhookUrl({ url: input.url, resolve });
  return db.transaction(async (tx) => {
    const values = {
      companyId,
      dataset,
      name: input.name,
      url: input.url,
      eventTypes: input.eventTypes ?? [],
      customHeaders: input.customHeaders ?? [],
      version: input.version ?? CURRENT_WEBHOOK_VERSION,
      secretKey: generateWebhookSecret(),
    };
    const [row] = await tx.insert(webhooks).values(values).returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "webhook.created",
      target: { type: "webhook", id: row.id },
      changes: changedFields({ before: null, after: audited(row) }),
    });
    return row;
  });
};

/** The tenant's webhooks by id (keyset), optionally only `ids`. */
export const listWebhooks = ({ db, companyId, dataset, ids, afterId, limit }: TenantQuery & { ids?: number[]; afterId?: number; limit: number }) =>
  db
    .select()
    .from(webhooks)
    .where(and(active({ companyId, dataset }), ids ? inArray(webhooks.id, ids) : undefined, afterId === undefined ? undefined : gt(webhooks.id, afterId)))
    .orderBy(asc(webhooks.id))
    .limit(limit);

/** One of the tenant's webhooks; 404 for another tenant's or a deleted one. */
export const getWebhook = async ({ db, companyId, dataset, webhookId }: TenantQuery & { webhookId: number }): Promise<WebhookRow> => {
  const [row] = await db.select().from(webhooks).where(active({ companyId, dataset }, webhookId));
  if (!row) throw new AppError("not_found", `No webhook with id ${webhookId}.`);
  return row;
};

/** Changes the given fields; a new URL is checked like a created one. */
export const updateWebhook = async ({
  db,
  companyId,
  dataset,
  webhookId,
  input,
  actor,
  resolve,
}: TenantQuery & Audited & { webhookId: number; input: Partial<WebhookInput> }): Promise<WebhookRow> => {
  if (input.url !== undefined) await assertWebhookUrl({ url: input.url, resolve });
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhooks).where(active({ companyId, dataset }, webhookId)).for("update");
    if (!before) throw new AppError("not_found", `No webhook with id ${webhookId}.`);
    const given = input.customHeaders ? { ...input, customHeaders: keepMaskedValues({ next: input.customHeaders, stored: before.customHeaders }) } : input;
    const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    if (Object.keys(fields).length === 0) return before;
    const [row] = await tx.update(webhooks).set(fields).where(active({ companyId, dataset }, webhookId)).returning();
    const changes = changedFields({ before: audited(before), after: audited({ ...before, ...given }) });
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "webhook.updated", target: { type: "webhook", id: webhookId }, changes });
    return row;
  });
};

/** Deletes a webhook: it receives nothing more; its delivery log stays. */
export const deleteWebhook = ({ db, companyId, dataset, webhookId, actor }: TenantQuery & Audited & { webhookId: number }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({ deletedAt: new Date() })
      .where(active({ companyId, dataset }, webhookId))
      .returning({ id: webhooks.id, name: webhooks.name });
    if (!row) throw new AppError("not_found", `No webhook with id ${webhookId}.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "webhook.deleted",
      target: { type: "webhook", id: webhookId },
      changes: { name: { before: row.name, after: null } },
    });
  });
