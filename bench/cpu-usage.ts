import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) a process on this machine has used, from /proc; null once it is gone. */
const cpuSecondsOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "(comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
};

/** The PostgreSQL processes of `db`'s database (backends, autovacuum), and which of them `application_name` names. */
const databaseProcesses = (db: Executor) =>
  queryRows<{ pid: number; application_name: string }>(db, sql`select pid, application_name from pg_stat_activity where datname = current_database()`);

/**
 * CPU seconds spent meanwhile by this process, a worker process and the PostgreSQL processes of `db`'s
 * database (on this machine; 0 for a remote server), the latter split by application name. CPU time,
 * unlike latency, barely moves with what else the machine runs: it compares code before and after on
 * a loaded machine, and says how much of the cores a load takes. The processes are looked up every
 * second (a pool closes idle connections); call the returned function at the end, before they stop.
 */
export const startCpuAccount = async ({ db, workerPid }: { db: Executor; workerPid?: number }) => {
  // Each process's CPU when first seen (0 for one that started meanwhile) and when last seen.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const names = new Map<number, string>();
  const look = async (starting = false) => {
    for (const { pid, application_name } of await databaseProcesses(db)) {
      const seconds = cpuSecondsOf(Number(pid));
      if (seconds === null) continue;
      if (!first.has(Number(pid))) first.set(Number(pid), starting ? seconds : 0);
      last.set(Number(pid), seconds);
      names.set(Number(pid), application_name);
    }
  };
  await look(true);
  const looking = setInterval(() => void look(), 1000);
  const app = process.cpuUsage();
  const worker = workerPid ? (cpuSecondsOf(workerPid) ?? 0) : 0;
  const started = performance.now();
  return async () => {
    clearInterval(looking);
    await look();
    const used = process.cpuUsage(app);
    const postgres = (applicationName?: string) =>
      [...first].reduce((sum, [pid, before]) => (applicationName === undefined || names.get(pid) === applicationName ? sum + last.get(pid)! - before : sum), 0);
    return {
      seconds: (performance.now() - started) / 1000,
      app: (used.user + used.system) / 1e6,
      worker: workerPid ? (cpuSecondsOf(workerPid) ?? worker) - worker : 0,
      /** CPU seconds of the database's PostgreSQL processes, all of them or those of one application name. */
      postgres,
    };
  };
};
