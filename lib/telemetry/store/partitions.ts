import { sql } from "drizzle-orm";
import { forgetOnDatabaseChange, type Executor } from "@/db/client";
import { queryRows } from "@/db/rows";

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

// Days whose partitions this process already knows exist: ingestion skips the DDL round trip for them.
const knownDays = new Set<string>();
forgetOnDatabaseChange(() => knownDays.clear());

/** Makes sure the daily partitions of the time-series tables exist for every day in [from, to]. */
export const ensurePartitions = async ({ db, from, to }: { db: Executor; from: Date; to: Date }) => {
  const days: string[] = [];
  for (let t = Date.parse(dayOf(from)); t <= to.getTime(); t += DAY_MS) days.push(dayOf(new Date(t)));
  if (days.every((day) => knownDays.has(day))) return;
  await db.execute(sql`select ensure_telemetry_partitions(${days[0]}::date, ${days[days.length - 1]}::date)`);
  for (const day of days) knownDays.add(day);
};

/** Drops the partitions wholly older than `retentionDays`; returns the tables dropped. */
export const dropExpiredPartitions = async ({ db, retentionDays, now = new Date() }: { db: Executor; retentionDays: number; now?: Date }) => {
  const cutoff = dayOf(new Date(now.getTime() - retentionDays * DAY_MS));
  const rows = await queryRows<{ dropped: string }>(db, sql`select drop_telemetry_partitions_before(${cutoff}::date) as dropped`);
  for (const day of [...knownDays]) if (day < cutoff) knownDays.delete(day);
  return rows.map((row) => row.dropped);
};
