export { claimPeriod, periodStart } from "./claim-period";
export type { Job, JobRole, LoopJob, PeriodicJob } from "./job";
export { startJobs } from "./start-jobs";
