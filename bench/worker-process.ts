import { spawn } from "node:child_process";

/**
 * Starts bench/processor-worker.ts on `databaseUrl` (PostgreSQL) with the named processors (default all)
 * and resolves once it listens; returns how to stop it (its `pid` says which process it is).
 */
export const startWorkerProcess = async ({ databaseUrl, processors }: { databaseUrl: string; processors?: string[] }) => {
  // Node itself with tsx's loader (not through npx), so that stopping it stops the process that works.
  const worker = spawn(process.execPath, ["--import", "tsx", "bench/processor-worker.ts", databaseUrl, ...(processors ? [processors.join(",")] : [])], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    worker.stdout.on("data", (chunk) => String(chunk).includes("ready") && resolve());
    worker.on("exit", (code) => reject(new Error(`bench/processor-worker.ts exited with ${code}`)));
  });
  return Object.assign(() => void worker.kill(), { pid: worker.pid });
};
