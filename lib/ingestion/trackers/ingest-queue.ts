import type { Executor } from "@/db/client";
import { logger } from "@/lib/platform/logger";
import { ingestTelemetry, type SafetyEventReport, type TelemetryBatch } from "@/lib/telemetry/store";

/** Told once a packet is committed (no argument), or why it cannot be. */
export type Settle = (failure?: { error: unknown }) => void;

type Pending = { batch: TelemetryBatch; settle: Settle };

/** Keeps the first event of each vehicle, time and kind: a packet resent before its first copy was committed. */
const uniqueEvents = (events: SafetyEventReport[]) => {
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = `${event.vehicleId}:${event.time.getTime()}:${event.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * The packets as one batch. A position or stat sample resent before its first copy was committed (same vehicle and
 * time) is left to `ingestTelemetry`, which keeps the first of a batch's repeats (pack-records.ts): a key string and a
 * set entry a fix here did the same work twice (docs/scaling.md, "Issue 37, session 24").
 */
const merge = (entries: Pending[]): TelemetryBatch => ({
  positions: entries.flatMap((entry) => entry.batch.positions ?? []),
  stats: entries.flatMap((entry) => entry.batch.stats ?? []),
  events: uniqueEvents(entries.flatMap((entry) => entry.batch.events ?? [])),
});

/**
 * Coalesces the packets of all tracker connections into one `ingestTelemetry` call every `flushMs` (one transaction for a
 * thousand devices, instead of a thousand). `submit` settles once the packet's records are committed, so its connection
 * acknowledges only then. It calls back rather than returning a promise: a promise a fix was also its executor, its
 * resolving functions and the reaction the connection attached (docs/scaling.md, "Issue 37, session 24"). When a
 * combined write fails, each packet is retried alone, so one bad packet fails only its own connection.
 */
export const createIngestQueue = ({ db, flushMs = 50 }: { db: Executor; flushMs?: number }) => {
  let pending: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  // The packets are told after the write's try, never inside it: a connection's settling is not a failed write.
  const writeAlone = async (entry: Pending) => {
    try {
      await ingestTelemetry({ db, batch: merge([entry]) });
    } catch (error) {
      return entry.settle({ error });
    }
    entry.settle();
  };

  const flush = async (entries: Pending[]) => {
    try {
      await ingestTelemetry({ db, batch: merge(entries) });
    } catch (error) {
      if (entries.length === 1) return entries[0].settle({ error });
      logger.warn({ err: error, packets: entries.length }, "tracker batch failed; writing its packets one by one");
      for (const entry of entries) await writeAlone(entry);
      return;
    }
    for (const entry of entries) entry.settle();
  };

  const schedule = () => {
    timer ??= setTimeout(() => {
      // One write at a time: the next batch keeps gathering until the current one has committed.
      flushing = flushing
        .then(() => {
          timer = null;
          const entries = pending;
          pending = [];
          return flush(entries);
        })
        // Only a connection's settling can throw here (a write's failure is its packets' answer): logged, so that one
        // broken callback does not leave the chain rejected and every later write unsent.
        .catch((error: unknown) => logger.error({ err: error }, "tracker queue: settling a packet threw"));
    }, flushMs);
  };

  return {
    /** Calls `settle` once the batch is committed (at once for an empty one), or with the error if it cannot be. */
    submit: (batch: TelemetryBatch, settle: Settle) => {
      if ((batch.positions?.length ?? 0) + (batch.stats?.length ?? 0) + (batch.events?.length ?? 0) === 0) return settle();
      pending.push({ batch, settle });
      schedule();
    },
    /** Waits for every submitted packet to be written. */
    drain: async () => {
      while (pending.length > 0 || timer) await new Promise((resolve) => setTimeout(resolve, flushMs));
      await flushing;
    },
  };
};

export type IngestQueue = ReturnType<typeof createIngestQueue>;
