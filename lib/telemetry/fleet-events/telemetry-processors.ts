import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { feedCounters, telemetryCheckpoints } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { firstCheckpointSeq } from "./first-checkpoint";
import { readCommittedTelemetry, type VehicleTelemetry } from "./read-committed-telemetry";
import { windowEnd } from "./window-end";

/**
 * Something that reacts to committed telemetry (alert rules, trips, automatic driving): THE way
 * anything follows the fleet's data. It is handed each tenant's new rows in change-sequence order,
 * inside the transaction that moves its checkpoint, so whatever it writes there happens exactly once
 * per row, whatever the restarts, instances or resent points (a resend is not stored, so not seen).
 * Rows come in commit order, not time order: a late point arrives after later ones.
 */
export type TelemetryProcessor = {
  /** Stable: the checkpoint is stored under it. */
  name: string;
  /**
   * Where a tenant it has never seen starts: its oldest stored row, or what is committed from now on and in the last
   * minutes before (first-checkpoint.ts).
   */
  startAt: "beginning" | "now";
  /**
   * `checkpoint` is where the window starts: the change sequence and when that checkpoint was written
   * (together they name one committed checkpoint, in one database); its rows have change sequence in
   * (checkpoint.seq, throughSeq].
   */
  process: (options: { tx: Executor; tenant: Tenant; vehicles: VehicleTelemetry[]; checkpoint: Checkpoint; throughSeq: number }) => Promise<void>;
  /** Called once the transaction that wrote `checkpoint` has committed (not after a rollback). */
  committed?: (options: { tenant: Tenant; checkpoint: Checkpoint }) => void;
  /**
   * The least time between the starts of two of its runs in startTelemetryProcessors (default 0):
   * a run then takes everything committed meanwhile, so per-window costs are paid once for several
   * batches. Rows wait up to this long longer.
   */
  minIntervalMs?: number;
  /**
   * What of a window it is handed (default "all"): "stats" leaves the positions unread, most of a fleet's rows,
   * for a processor that follows only the stat samples (odometer, engine hours).
   */
  reads?: "all" | "stats";
};

export type Checkpoint = { seq: number; at: Date };

/** Rows handed to a processor in one transaction (change sequence numbers, so rows of both kinds), grown to keep an ingest batch whole (window-end.ts). */
const DEFAULT_WINDOW = 5_000;

const tenantKey = ({ companyId, dataset }: Tenant) => `${companyId}:${dataset}`;

/**
 * One processor's next window of one tenant: the rows processed and the checkpoint reached, or null
 * when another instance holds the checkpoint (SKIP LOCKED: that instance is doing it).
 */
const advance = ({
  db,
  processor,
  tenant,
  headSeq,
  window,
  started,
}: {
  db: Executor;
  processor: TelemetryProcessor;
  tenant: Tenant;
  headSeq: number;
  window: number;
  /** Whether the processor had a checkpoint of the tenant when the run began (without one, its first is written here). */
  started: boolean;
}) =>
  db.transaction(async (tx) => {
    const { companyId, dataset } = tenant;
    if (!started) {
      const seq = await firstCheckpointSeq({ db: tx, tenant, startAt: processor.startAt, headSeq });
      await tx.insert(telemetryCheckpoints).values({ companyId, dataset, processor: processor.name, seq }).onConflictDoNothing();
    }
    // Filtered on one company: on Citus a row lock is taken only by a query on one shard.
    const [checkpoint] = await tx
      .select({ seq: telemetryCheckpoints.seq, at: telemetryCheckpoints.updatedAt })
      .from(telemetryCheckpoints)
      .where(and(eq(telemetryCheckpoints.companyId, companyId), eq(telemetryCheckpoints.dataset, dataset), eq(telemetryCheckpoints.processor, processor.name)))
      .for("update", { skipLocked: true });
    if (!checkpoint) return null;
    if (checkpoint.seq >= headSeq) return { rows: 0, seq: checkpoint.seq, written: null };
    const throughSeq = await windowEnd({ db: tx, tenant, afterSeq: checkpoint.seq, headSeq, window });
    const vehicles = await readCommittedTelemetry({ db: tx, tenant, afterSeq: checkpoint.seq, throughSeq, positions: processor.reads !== "stats" });
    if (vehicles.length > 0) await processor.process({ tx, tenant, vehicles, checkpoint, throughSeq });
    const [written] = await tx
      .update(telemetryCheckpoints)
      .set({ seq: throughSeq, updatedAt: sql`now()` })
      .where(and(eq(telemetryCheckpoints.companyId, companyId), eq(telemetryCheckpoints.dataset, dataset), eq(telemetryCheckpoints.processor, processor.name)))
      .returning({ seq: telemetryCheckpoints.seq, at: telemetryCheckpoints.updatedAt });
    return {
      rows: vehicles.reduce((sum, vehicle) => sum + vehicle.positions.length + vehicle.stats.length, 0),
      seq: throughSeq,
      written: vehicles.length > 0 ? written : null,
    };
  });

/**
 * Brings every processor up to every tenant's committed head, a window at a time. Safe to run in
 * several instances at once. Returns the rows processed.
 */
export const runTelemetryProcessors = async ({
  db,
  processors,
  window = DEFAULT_WINDOW,
}: {
  db: Executor;
  processors: readonly TelemetryProcessor[];
  window?: number;
}) => {
  if (processors.length === 0) return 0;
  const heads = await db.select({ companyId: feedCounters.companyId, dataset: feedCounters.dataset, seq: feedCounters.seq }).from(feedCounters);
  const checkpoints = new Map((await db.select().from(telemetryCheckpoints)).map((row) => [`${tenantKey(row)}:${row.processor}`, row.seq]));
  let processed = 0;
  for (const head of heads) {
    const tenant = { companyId: head.companyId, dataset: head.dataset };
    for (const processor of processors) {
      const checkpoint = checkpoints.get(`${tenantKey(tenant)}:${processor.name}`);
      if ((checkpoint ?? -1) >= head.seq) continue;
      for (let started = checkpoint !== undefined; ; started = true) {
        const step = await advance({ db, processor, tenant, headSeq: head.seq, window, started });
        if (!step) break;
        if (step.written) processor.committed?.({ tenant, checkpoint: step.written });
        processed += step.rows;
        if (step.seq >= head.seq) break;
      }
    }
  }
  return processed;
};

const SWEEP_EVERY_MS = 2_000;

/**
 * Runs the processors in this instance, each in a loop of its own, so one with a backlog (the trip
 * processor working through a week of history) does not hold up the others (an alert waits for the
 * alerts processor only): a run as soon as a telemetry event is heard (coalesced: one run at a time,
 * another right after if events came meanwhile), and every 2 s a sweep that catches whatever a lost
 * notification or another instance's crash left. A processor with `minIntervalMs`
 * sits out runs until that long after its last one started, and a run is set for when it is due.
 * Returns how to stop.
 */
export const startTelemetryProcessors = ({
  db,
  processors,
  subscribe,
  onError,
  onRun,
  sweepEveryMs = SWEEP_EVERY_MS,
  window,
}: {
  db: Executor;
  processors: readonly TelemetryProcessor[];
  subscribe: (onTelemetry: () => void) => () => void;
  onError: (error: unknown, processor: TelemetryProcessor) => void;
  /** After each run of a processor, with the rows the processors' latest runs processed (a run ends at the head it saw: few rows means keeping up). */
  onRun?: (processed: number) => void;
  sweepEveryMs?: number;
  /** Rows a processor takes in one transaction when behind (default 5,000). */
  window?: number;
}) => {
  let stopped = false;
  const latest = new Map<string, number>();
  const loops = processors.map((processor) => {
    let running = false;
    let again = false;
    let lastStart = -Infinity;
    let dueRun: NodeJS.Timeout | undefined;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const wait = lastStart + (processor.minIntervalMs ?? 0) - Date.now();
          if (wait > 0) {
            // Paced: one run when it is due takes everything committed meanwhile. As the sweep, it does not keep the process alive.
            if (!dueRun && !stopped) {
              dueRun = setTimeout(() => {
                dueRun = undefined;
                void run();
              }, wait);
              dueRun.unref();
            }
            break;
          }
          lastStart = Date.now();
          const processed = await runTelemetryProcessors({ db, processors: [processor], window }).catch((error: unknown) => {
            onError(error, processor);
            return null;
          });
          if (processed === null) continue;
          latest.set(processor.name, processed);
          onRun?.([...latest.values()].reduce((sum, rows) => sum + rows, 0));
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    return { run, stop: () => clearTimeout(dueRun) };
  });
  const runAll = () => loops.forEach((loop) => void loop.run());
  const unsubscribe = subscribe(runAll);
  const sweep = setInterval(runAll, sweepEveryMs);
  sweep.unref();
  runAll();
  return () => {
    stopped = true;
    clearInterval(sweep);
    loops.forEach((loop) => loop.stop());
    unsubscribe();
  };
};
