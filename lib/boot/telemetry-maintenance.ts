import type { DatabaseHandle } from "@/db/client";
import { logger } from "@/lib/logger";
import { refreshRollups } from "@/lib/rollups/refresh-rollups";
import { dropExpiredPartitions, ensurePartitions } from "@/lib/telemetry/partitions";
import { getConfig } from "@/lib/config";

const DAY_MS = 86_400_000;
const PARTITIONS_EVERY_MS = 3_600_000;
const ROLLUPS_EVERY_MS = 15_000;

/** Runs `job` now and then every `everyMs`, never overlapping itself; a failure is logged and retried next time. */
const every = (name: string, everyMs: number, job: () => Promise<unknown>) => {
  const run = async () => {
    try {
      await job();
    } catch (error) {
      logger.error({ err: error }, `${name} failed`);
    }
    setTimeout(run, everyMs).unref();
  };
  setTimeout(run, 0).unref();
};

/**
 * The time-series housekeeping each app instance runs (all idempotent, so several instances on one
 * PostgreSQL may run them at once): partitions for today..+2 days every hour, retention (RETENTION_DAYS)
 * once a day, and the rollup job every 15 s (catching up an hour of raw time per run after downtime).
 */
export const startTelemetryMaintenance = ({ database }: { database: DatabaseHandle }) => {
  const { db } = database;
  const { RETENTION_DAYS } = getConfig();
  every("partitions", PARTITIONS_EVERY_MS, () => ensurePartitions({ db, from: new Date(), to: new Date(Date.now() + 2 * DAY_MS) }));
  every("retention", DAY_MS, async () => {
    const dropped = await dropExpiredPartitions({ db, retentionDays: RETENTION_DAYS });
    if (dropped.length > 0) logger.info({ dropped }, `retention: dropped ${dropped.length} partitions older than ${RETENTION_DAYS} days`);
  });
  every("rollups", ROLLUPS_EVERY_MS, async () => {
    // Catching up after downtime: keep going while a run still found an hour's backlog.
    for (let run = 0; run < 24; run++) {
      const { to } = await refreshRollups({ db });
      if (!to || Date.now() - to.getTime() < 5 * 60_000) return;
    }
  });
};
