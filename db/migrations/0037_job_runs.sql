-- Cluster-wide background jobs (retention, rollups, partitions, report mail) run once per period across
-- instances: each period is claimed here by one conditional upsert (lib/jobs/claim-period.ts). On Citus a
-- plain table on the coordinator (db/distribution.ts LOCAL_TABLES).
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
