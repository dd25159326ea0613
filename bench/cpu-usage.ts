import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) a process has used, from /proc; 0 once it is gone. */
const cpuSecondsOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "(comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
};

/** The PostgreSQL processes serving database `name` (their title names it: backends, autovacuum). */
const databaseProcesses = (name: string) =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres: ") && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${name} `);
      } catch {
        return false;
      }
    })
    .map(Number);

/**
 * CPU seconds spent meanwhile by this process, a worker process and the PostgreSQL backends of one
 * database (on this machine; 0 for a remote server). CPU time, unlike latency, barely moves with what
 * else the machine runs: it compares code before and after on a loaded machine, and says how much of
 * the cores a load takes. Call the returned function at the end (before the processes it counts stop).
 */
export const startCpuAccount = ({ database, workerPid }: { database: string; workerPid?: number }) => {
  // Each process's CPU when first seen (0 for one that started meanwhile) and when last seen: a pool
  // closes idle connections, so the processes are looked at every half second.
  const first = new Map(databaseProcesses(database).map((pid) => [pid, cpuSecondsOf(pid)]));
  const last = new Map(first);
  const look = () => {
    for (const pid of databaseProcesses(database)) {
      if (!first.has(pid)) first.set(pid, 0);
      last.set(pid, Math.max(last.get(pid) ?? 0, cpuSecondsOf(pid)));
    }
  };
  const looking = setInterval(look, 500);
  const app = process.cpuUsage();
  const worker = workerPid ? cpuSecondsOf(workerPid) : 0;
  const started = performance.now();
  return () => {
    clearInterval(looking);
    look();
    const used = process.cpuUsage(app);
    return {
      seconds: (performance.now() - started) / 1000,
      app: (used.user + used.system) / 1e6,
      worker: workerPid ? cpuSecondsOf(workerPid) - worker : 0,
      /** Each PostgreSQL process's CPU seconds, by process id. */
      backends: new Map([...first].map(([pid, before]) => [pid, Math.max(0, (last.get(pid) ?? before) - before)])),
    };
  };
};
