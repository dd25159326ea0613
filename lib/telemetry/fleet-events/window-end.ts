import { and, eq, gt, lte, max } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

const TABLES = [vehiclePositions, vehicleStatSamples] as const;
/** How far past `window` rows a window may grow to keep an ingest batch whole (in windows). */
const MAX_GROWTH = 4;

const inRange = (table: (typeof TABLES)[number], tenant: Tenant, afterSeq: number, throughSeq: number) =>
  and(eq(table.companyId, tenant.companyId), eq(table.dataset, tenant.dataset), gt(table.seq, afterSeq), lte(table.seq, throughSeq));

/** The latest time among a tenant's rows in (afterSeq, throughSeq]. */
const latestTime = async ({ db, tenant, afterSeq, throughSeq }: { db: Executor; tenant: Tenant; afterSeq: number; throughSeq: number }) => {
  const times = await Promise.all(
    TABLES.map(
      async (table) =>
        (
          await db
            .select({ time: max(table.time) })
            .from(table)
            .where(inRange(table, tenant, afterSeq, throughSeq))
        )[0]?.time,
    ),
  );
  return Math.max(...times.map((time) => time?.getTime() ?? -Infinity));
};

/** The last change sequence in (afterSeq, throughSeq] of a row no later than `time`, or afterSeq when there is none. */
const lastSeqNoLaterThan = async ({
  db,
  tenant,
  afterSeq,
  throughSeq,
  time,
}: {
  db: Executor;
  tenant: Tenant;
  afterSeq: number;
  throughSeq: number;
  time: number;
}) => {
  const seqs = await Promise.all(
    TABLES.map(
      async (table) =>
        (
          await db
            .select({ seq: max(table.seq) })
            .from(table)
            .where(and(inRange(table, tenant, afterSeq, throughSeq), lte(table.time, new Date(time))))
        )[0]?.seq,
    ),
  );
  return Math.max(afterSeq, ...seqs.map((seq) => seq ?? afterSeq));
};

/**
 * Where a processor's next window of a tenant ends: `window` rows on, then moved on past every
 * following row no later than the window's latest time, until none follows (at most MAX_GROWTH
 * windows on). An ingest batch takes its positions' sequence numbers and then its stat samples',
 * each range in time order: cut in between, a processor would get the batch's positions in one
 * window and their stat samples as late points in the next (and the trip detector would recompute
 * every such vehicle from stored history). Grown this way, a window ends where time moves on.
 */
export const windowEnd = async ({
  db,
  tenant,
  afterSeq,
  headSeq,
  window,
}: {
  db: Executor;
  tenant: Tenant;
  afterSeq: number;
  headSeq: number;
  window: number;
}) => {
  let end = Math.min(headSeq, afterSeq + window);
  const limit = Math.min(headSeq, afterSeq + window * MAX_GROWTH);
  let time = -Infinity;
  let scannedTo = afterSeq;
  while (end < limit) {
    time = Math.max(time, await latestTime({ db, tenant, afterSeq: scannedTo, throughSeq: end }));
    scannedTo = end;
    // No rows so far (sequence numbers a resent batch reserved and did not store): nothing to keep whole.
    if (time === -Infinity) break;
    const further = await lastSeqNoLaterThan({ db, tenant, afterSeq: end, throughSeq: limit, time });
    if (further === end) break;
    end = further;
  }
  return end;
};
