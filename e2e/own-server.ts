import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { trackerListenersOff } from "../lib/platform/config/env.mjs";

/**
 * A production server of a spec's own, beside the suite's demo server: on an empty data folder, on `port`, with the
 * tracker listeners off unless `env` opens one. Resolves once it is ready (and `until` holds for what it printed).
 */
export const startOwnServer = async ({ port, env, until = () => true }: { port: number; env: Record<string, string>; until?: (output: string) => boolean }) => {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleet-own-server-"));
  const server = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      ...trackerListenersOff(),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server was not ready in 120 s:\n${output}`)), 120_000);
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready in") && until(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    origin,
    output: () => output,
    stop: async () => {
      // Gone before its folder is: a server still writing its database made the removal fail (ENOTEMPTY).
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type OwnServer = Awaited<ReturnType<typeof startOwnServer>>;
