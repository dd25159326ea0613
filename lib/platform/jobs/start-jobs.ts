import type { Executor } from "@/db/client";
import { logger as projectLogger } from "@/lib/platform/logger";
import { claimPeriod, periodStart } from "./claim-period";
import type { Job, JobRole, PeriodicJob } from "./job";

type JobLogger = Pick<typeof projectLogger, "debug" | "error">;

/**
 * One periodic job's loop: a run now and at each next period's start, scheduled only once the run
 * before has finished (so never two at once). Returns how to stop, which waits for a run under way.
 */
const startPeriodicJob = ({ db, job, logger }: { db: Executor; job: PeriodicJob; logger: JobLogger }) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  /** Runs the job for the due period (or the current one, if later) and returns that period. */
  const runOnce = async (due: Date) => {
    const started = Date.now();
    // A timer may fire a moment early: the run is still the due period's.
    const period = new Date(Math.max(due.getTime(), periodStart({ now: started, everyMs: job.everyMs }).getTime()));
    const fields = { job: job.name, ...(job.oncePerCluster ? { period: period.toISOString() } : {}) };
    try {
      if (job.oncePerCluster && !(await claimPeriod({ db, name: job.name, start: period }))) return period;
      logger.debug(fields, `${job.name} started`);
      await job.run();
      logger.debug({ ...fields, durationMs: Date.now() - started }, `${job.name} finished`);
    } catch (error) {
      logger.error({ ...fields, err: error, durationMs: Date.now() - started }, `${job.name} failed`);
    }
    return period;
  };
  const tick = (due: Date) => {
    running = runOnce(due).then((period) => {
      if (stopped) return;
      const next = new Date(Math.max(period.getTime(), periodStart({ now: Date.now(), everyMs: job.everyMs }).getTime()) + job.everyMs);
      timer = setTimeout(() => tick(next), next.getTime() - Date.now());
      timer.unref();
    });
  };
  tick(periodStart({ now: Date.now(), everyMs: job.everyMs }));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
};

/**
 * Starts the jobs of this process's role (`all`: every job) and returns one stop for all of them:
 * no job starts a run after it, and it resolves once the runs under way have finished.
 */
export const startJobs = ({ db, jobs, role, logger = projectLogger }: { db: Executor; jobs: readonly Job[]; role: JobRole | "all"; logger?: JobLogger }) => {
  const stops = jobs
    .filter((job) => role === "all" || job.roles.includes(role))
    .map((job) => ("start" in job ? job.start() : startPeriodicJob({ db, job, logger })));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
};
