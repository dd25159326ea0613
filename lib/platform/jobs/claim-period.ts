import { lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { jobRuns } from "@/db/schema";

/** The start of the period of length `everyMs` (counted from the epoch) that `now` falls in. */
export const periodStart = ({ now, everyMs }: { now: number; everyMs: number }) => new Date(Math.floor(now / everyMs) * everyMs);

/**
 * Claims the period starting at `start` for the job `name`: true for exactly one caller across every
 * instance on the database, the one whose upsert moved the job's row to this period (a concurrent one
 * waits for that row and then finds the period taken). One statement, so one transaction; the row is
 * the job's alone, so on Citus a plain table on the coordinator (db/distribution.ts).
 */
export const claimPeriod = async ({ db, name, start }: { db: Executor; name: string; start: Date }) => {
  const claimed = await db
    .insert(jobRuns)
    .values({ name, periodStart: start, claimedAt: sql`now()` })
    .onConflictDoUpdate({ target: jobRuns.name, set: { periodStart: start, claimedAt: sql`now()` }, setWhere: lt(jobRuns.periodStart, start) })
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
};
