import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { packedColumn } from "@/lib/telemetry/store/packed-column";
import { ROLLUP_WATERMARK_LOCK } from "@/lib/telemetry/store/rollup-watermark-lock";
import { rollUpRows } from "./roll-up-rows";

/** Raw rows stay out of the rollups until their minute is this old (so it is closed), then the job takes them. */
const CLOSE_AFTER_MS = 60_000;
/** One run aggregates at most this much raw time, so a catch-up after downtime is a series of short transactions. */
const MAX_SPAN_MS = 3_600_000;
const DIRTY_PER_RUN = 20_000;

const floorMinute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/** Where the rollups start on a database that has none yet: the first day with a raw partition. */
const findFirstRawDay = async (db: Executor) => {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select min(to_date(right(c.relname, 8), 'YYYYMMDD'))::text as day
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = 'vehicle_positions' and c.relname ~ '_[0-9]{8}$'`,
  );
  return row?.day ? new Date(`${row.day}T00:00:00Z`) : null;
};

/** Moves the watermark to `target` under the exclusive lock: from its commit on, late rows below it are queued as dirty. */
const moveWatermark = (db: Executor, target: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_WATERMARK_LOCK})`);
    await tx.execute(sql`update rollup_progress set watermark = greatest(watermark, ${target.toISOString()}::timestamptz)`);
  });

/** Re-aggregates queued late rows; returns how many (vehicle, minute) pairs were done. */
const rollUpDirty = async (db: Executor) =>
  db.transaction(async (tx) => {
    // By key, not ctid: on Citus the queue is spread over shards, where a ctid means nothing.
    const keys = await queryRows<{ company_id: number; vehicle_id: number; bucket: string | Date }>(
      tx,
      sql`delete from rollup_dirty where (company_id, vehicle_id, bucket) in (select company_id, vehicle_id, bucket from rollup_dirty limit ${DIRTY_PER_RUN})
          returning company_id, vehicle_id, bucket`,
    );
    if (keys.length === 0) return 0;
    const dirty = sql`select * from unnest(${packedColumn(
      keys.map((k) => Number(k.company_id)),
      "int",
    )}, ${packedColumn(
      keys.map((k) => Number(k.vehicle_id)),
      "int",
    )}, ${packedColumn(
      keys.map((k) => new Date(k.bucket).toISOString()),
      "timestamptz",
    )}) as k(company_id, vehicle_id, bucket)`;
    await rollUpRows({ db: tx, source: { dirty } });
    return keys.length;
  });

export type RollupRefresh = { from: Date | null; to: Date | null; dirty: number };

/**
 * One run of the rollup job: aggregates the closed minutes since `rolled_up_to` (at most an hour of
 * raw time per run) and the late rows queued since. Safe on several instances at once: every bucket is
 * recomputed from raw rows and replaced, and the watermark only moves forward.
 */
export const refreshRollups = async ({ db, now = new Date() }: { db: Executor; now?: Date }): Promise<RollupRefresh> => {
  const [progress] = await queryRows<{ rolled_up_to: string | null }>(db, sql`select rolled_up_to::text from rollup_progress`);
  const from = progress?.rolled_up_to ? new Date(progress.rolled_up_to) : await findFirstRawDay(db);
  const closed = floorMinute(now.getTime() - CLOSE_AFTER_MS);
  const dirty = await rollUpDirty(db);
  if (!from || from.getTime() >= closed) return { from: null, to: null, dirty };
  const to = new Date(Math.min(closed, from.getTime() + MAX_SPAN_MS));
  await moveWatermark(db, to);
  await db.transaction(async (tx) => {
    await rollUpRows({ db: tx, source: { from, to } });
    await tx.execute(sql`update rollup_progress set rolled_up_to = greatest(rolled_up_to, ${to.toISOString()}::timestamptz)`);
  });
  return { from, to, dirty };
};

/** Runs the job until it has caught up with the closed minutes (bounded by `maxRuns`). */
export const catchUpRollups = async ({ db, now = new Date(), maxRuns = 10_000 }: { db: Executor; now?: Date; maxRuns?: number }) => {
  for (let run = 0; run < maxRuns; run++) {
    const result = await refreshRollups({ db, now });
    if (!result.to && result.dirty === 0) return;
  }
};
