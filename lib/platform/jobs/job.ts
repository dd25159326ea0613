/** The process roles a job may run in (PROCESS_ROLE); a process of role `all` runs every job. */
export type JobRole = "web" | "worker";

type JobBase = {
  /** Names the job in the logs and, when cluster-wide, its claims (job_runs). Stable. */
  name: string;
  roles: readonly JobRole[];
};

/**
 * Runs at start and then once a period (`everyMs`, periods counted from the epoch: a day is a UTC
 * day), never overlapping itself: a run longer than its period is followed by one at the next period's
 * start. A failed run is logged and the job runs again the next period.
 */
export type PeriodicJob = JobBase & {
  everyMs: number;
  /**
   * Once per period across every instance on the database (the first to claim the period runs it:
   * lib/platform/jobs/claim-period.ts), instead of once per period in each instance.
   */
  oncePerCluster?: boolean;
  run: () => Promise<unknown>;
};

/**
 * A job with a loop of its own, kept as it is (the telemetry processors, an outbox, the simulator):
 * started here and stopped with the others. `start` returns how to stop it.
 */
export type LoopJob = JobBase & {
  start: () => () => unknown;
};

export type Job = PeriodicJob | LoopJob;
