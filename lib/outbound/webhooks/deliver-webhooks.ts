import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { WebhookHeader } from "@/db/schema";
import { claimDueRows, dueClause, settleAttempt, startOutboxLoop } from "@/lib/outbound/outbox";
import { signWebhookBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./webhook-signature";
import { postToPinnedAddress, type PostWebhook } from "./pinned-post";
import { resolveDeliverableTarget, type ResolveHost } from "./webhook-target";

const ATTEMPT_TIMEOUT_MS = 10_000;
const DELIVERIES_A_PASS = 200;

type ClaimedDelivery = {
  company_id: number;
  id: number;
  event_id: string;
  attempts: number;
  created_at: string;
  payload: unknown;
  url: string | null;
  secret_key: string | null;
  custom_headers: WebhookHeader[] | null;
};

/**
 * One company's due deliveries that are the oldest pending of their webhook and ordering key (so a
 * vehicle's events go out in order), locked for claimDueRows (lib/outbound/outbox): an instance killed
 * mid-attempt leaves them to be retried, same event id.
 */
const dueDeliveriesOfCompany = (tx: Executor, { companyId, now, limit }: { companyId: number; now: Date; limit: number }) =>
  queryRows<ClaimedDelivery>(
    tx,
    sql`select d.company_id, d.id, d.event_id, d.attempts, d.created_at, d.payload, w.url, w.secret_key, w.custom_headers
        from webhook_deliveries d
        left join webhooks w on w.company_id = ${companyId} and w.id = d.webhook_id and w.deleted_at is null
        where ${dueClause({ alias: "d", companyId, now })}
          and not exists (select 1 from webhook_deliveries p where p.company_id = ${companyId} and p.webhook_id = d.webhook_id
                          and p.ordering_key = d.ordering_key and p.status = 'pending' and p.id < d.id)
        order by d.next_attempt_at, d.id
        limit ${limit}
        for update of d skip locked`,
  );

type Outcome = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

type Transport = { post: PostWebhook; resolve?: ResolveHost };

/**
 * One POST: signed, custom headers, to the address that was checked (never a second DNS answer), no
 * redirects (they could lead to a private address), 10 s limit.
 */
const attempt = async ({ delivery, post, resolve }: Transport & { delivery: ClaimedDelivery }): Promise<Outcome> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!delivery.url || !delivery.secret_key) return { ok: false, status: null, latencyMs: 0, error: "the webhook was deleted" };
  try {
    const url = new URL(delivery.url);
    const address = await resolveDeliverableTarget({ url, resolve });
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = new Headers({ "content-type": "application/json", "user-agent": "fleet-telematics-webhooks/1" });
    for (const header of delivery.custom_headers ?? []) headers.set(header.key, header.value);
    headers.set(SIGNATURE_HEADER, signWebhookBody({ secret: delivery.secret_key, timestamp, body }));
    headers.set(TIMESTAMP_HEADER, String(timestamp));
    const response = await post({ url, address, headers: Object.fromEntries(headers), body, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, latencyMs: elapsed(), error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, status: null, latencyMs: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
};

const record = (db: Executor, delivery: ClaimedDelivery, outcome: Outcome, now: Date) => {
  const settled = settleAttempt({ ok: outcome.ok, attempts: delivery.attempts, createdAt: delivery.created_at, now, giveUp: !delivery.url });
  const status = settled.outcome === "done" ? "succeeded" : settled.outcome;
  return db.execute(sql`update webhook_deliveries
    set status = ${status}, attempts = ${settled.attempts}, response_status = ${outcome.status}, latency_ms = ${outcome.latencyMs}, last_error =
      ${outcome.error},
        next_attempt_at = ${settled.nextAttemptAt.toISOString()}::timestamptz, delivered_at = ${outcome.ok ? now.toISOString() : null}::timestamptz
    where company_id = ${delivery.company_id} and id = ${delivery.id}`);
};

/**
 * Attempts every due delivery once (in parallel: a slow receiver delays only its own), records
 * each outcome, and returns how many succeeded and failed this pass.
 */
export const deliverDueWebhooks = async ({
  db,
  now = () => new Date(),
  post = postToPinnedAddress,
  resolve,
  limit = DELIVERIES_A_PASS,
}: {
  db: Executor;
  now?: () => Date;
  post?: PostWebhook;
  resolve?: ResolveHost;
  limit?: number;
}) => {
  const claimed = await claimDueRows({ db, table: "webhook_deliveries", now: now(), limit, dueOfCompany: dueDeliveriesOfCompany });
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt({ delivery, post, resolve });
      await record(db, delivery, outcome, now());
      return outcome.ok;
    }),
  );
  return { attempted: outcomes.length, succeeded: outcomes.filter(Boolean).length };
};

/**
 * Background delivery in each app instance (lib/outbound/outbox's loop: a pass every 500 ms, up to four in
 * flight, a full pass followed at once by the next). Returns how to stop.
 */
export const startWebhookDelivery = ({ db, onError }: { db: Executor; onError: (error: unknown) => void }) =>
  startOutboxLoop({ pass: async () => (await deliverDueWebhooks({ db })).attempted >= DELIVERIES_A_PASS, onError });
