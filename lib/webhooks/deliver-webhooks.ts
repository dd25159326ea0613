import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { WebhookHeader } from "@/db/schema";
import { signWebhookBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./webhook-signature";
import { assertDeliverableTarget, type ResolveHost } from "./webhook-target";

/** A delivery keeps being retried this long after its event, then is marked failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claimed delivery is not claimed again for this long: the attempt's time limit, with room. */
const LEASE_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const DELIVERIES_A_PASS = 200;

/** Exponential backoff from 5 s to an hour, with ±50 % jitter so retries of many deliveries spread out. */
export const retryDelayMs = (attempts: number, random = Math.random) => Math.min(5_000 * 2 ** (attempts - 1), MAX_BACKOFF_MS) * (0.5 + random());

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
 * Claims up to `limit` of one company's due deliveries (FOR UPDATE SKIP LOCKED: instances never share
 * one) that are the oldest pending of their webhook and ordering key (so a vehicle's events go out in
 * order), and leases them for a minute: an instance killed mid-attempt leaves them to be retried, same
 * event id. One company at a time because Citus locks rows only in a query on one shard (every table
 * here is filtered on the tenant's company_id).
 */
const claimDueOfCompany = (db: Executor, { companyId, now, limit }: { companyId: number; now: Date; limit: number }) =>
  db.transaction(async (tx) => {
    const rows = await queryRows<ClaimedDelivery>(
      tx,
      sql`select d.company_id, d.id, d.event_id, d.attempts, d.created_at, d.payload, w.url, w.secret_key, w.custom_headers
          from webhook_deliveries d
          left join webhooks w on w.company_id = ${companyId} and w.id = d.webhook_id and w.deleted_at is null
          where d.company_id = ${companyId} and d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
            and not exists (select 1 from webhook_deliveries p where p.company_id = ${companyId} and p.webhook_id = d.webhook_id
                            and p.ordering_key = d.ordering_key and p.status = 'pending' and p.id < d.id)
          order by d.next_attempt_at, d.id
          limit ${limit}
          for update of d skip locked`,
    );
    if (rows.length > 0) {
      const ids = rows.map((row) => row.id);
      await tx.execute(
        sql`update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
            where company_id = ${companyId} and id = any(${`{${ids.join(",")}}`}::bigint[])`,
      );
    }
    return rows;
  });

/** The companies with a delivery due (no lock: each company's rows are then claimed on its own shard). */
const findCompaniesWithDueDeliveries = (db: Executor, now: Date) =>
  queryRows<{ company_id: number }>(
    db,
    sql`select distinct company_id from webhook_deliveries where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz`,
  );

const claimDue = async (db: Executor, { now, limit }: { now: Date; limit: number }) => {
  const claimed: ClaimedDelivery[] = [];
  for (const { company_id: companyId } of await findCompaniesWithDueDeliveries(db, now)) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claimDueOfCompany(db, { companyId, now, limit: limit - claimed.length })));
  }
  return claimed;
};

type Outcome = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

/** One POST: signed, custom headers, no redirects (they could lead to a private address), 10 s limit. */
const attempt = async ({ delivery, fetchImpl, resolve }: { delivery: ClaimedDelivery; fetchImpl: typeof fetch; resolve?: ResolveHost }): Promise<Outcome> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!delivery.url || !delivery.secret_key) return { ok: false, status: null, latencyMs: 0, error: "the webhook was deleted" };
  try {
    const url = new URL(delivery.url);
    await assertDeliverableTarget({ url, resolve });
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = new Headers({ "content-type": "application/json", "user-agent": "fleet-telematics-webhooks/1" });
    for (const header of delivery.custom_headers ?? []) headers.set(header.key, header.value);
    headers.set(SIGNATURE_HEADER, signWebhookBody({ secret: delivery.secret_key, timestamp, body }));
    headers.set(TIMESTAMP_HEADER, String(timestamp));
    const response = await fetchImpl(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, latencyMs: elapsed(), error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, status: null, latencyMs: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
};

const record = (db: Executor, delivery: ClaimedDelivery, outcome: Outcome, now: Date) => {
  const attempts = delivery.attempts + 1;
  const expired = now.getTime() - new Date(delivery.created_at).getTime() >= RETRY_WINDOW_MS || !delivery.url;
  const status = outcome.ok ? "succeeded" : expired ? "failed" : "pending";
  const next = new Date(now.getTime() + (outcome.ok || expired ? 0 : retryDelayMs(attempts)));
  return db.execute(sql`update webhook_deliveries
    set status = ${status}, attempts = ${attempts}, response_status = ${outcome.status}, latency_ms = ${outcome.latencyMs}, last_error = ${outcome.error},
        next_attempt_at = ${next.toISOString()}::timestamptz, delivered_at = ${outcome.ok ? now.toISOString() : null}::timestamptz
    where company_id = ${delivery.company_id} and id = ${delivery.id}`);
};

/**
 * Attempts every due delivery once (in parallel: a slow receiver delays only its own), records
 * each outcome, and returns how many succeeded and failed this pass.
 */
export const deliverDueWebhooks = async ({ db, now = () => new Date(), fetchImpl = fetch, resolve, limit = DELIVERIES_A_PASS }: { db: Executor; now?: () => Date; fetchImpl?: typeof fetch; resolve?: ResolveHost; limit?: number }) => {
  const claimed = await claimDue(db, { now: now(), limit });
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt({ delivery, fetchImpl, resolve });
      await record(db, delivery, outcome, now());
      return outcome.ok;
    }),
  );
  return { attempted: outcomes.length, succeeded: outcomes.filter(Boolean).length };
};

/**
 * Background delivery in each app instance: a pass every 500 ms, up to four passes in flight, so a
 * receiver that never answers holds up no one else; a pass that found a full batch is followed at
 * once by another (a backlog drains at the receiver's pace, not at 200 every 500 ms). Returns how to stop.
 */
export const startWebhookDelivery = ({ db, onError }: { db: Executor; onError: (error: unknown) => void }) => {
  let inFlight = 0;
  let stopped = false;
  const pass = () => {
    if (stopped || inFlight >= 4) return;
    inFlight++;
    deliverDueWebhooks({ db, limit: DELIVERIES_A_PASS }).then(
      ({ attempted }) => {
        inFlight--;
        if (attempted >= DELIVERIES_A_PASS) pass();
      },
      (error: unknown) => {
        inFlight--;
        onError(error);
      },
    );
  };
  const tick = () => {
    if (stopped) return;
    pass();
    setTimeout(tick, 500).unref();
  };
  setTimeout(tick, 0).unref();
  return () => {
    stopped = true;
  };
};
