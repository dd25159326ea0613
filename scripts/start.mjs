// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
// The server migrates and seeds the database and starts the simulator itself (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { getConfigOrExit } from "../lib/platform/config/env.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// A bad variable stops here, before a build, with a message naming it (lib/platform/config/env.mjs).
const config = getConfigOrExit();
const distDir = config.NEXT_DIST_DIR;
const buildId = path.join(distDir, "BUILD_ID");
const SOURCES = ["app", "components", "lib", "db", "instrumentation.ts", "next.config.mjs", "package.json", "package-lock.json"];

const newestMtime = (entry) => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
};

const needsBuild = () => !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;

if (needsBuild()) {
  console.log("> Building the app (first start or sources changed)…");
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Next always serves with NODE_ENV=production; only a deployment that sets NODE_ENV=production
// itself must bring real secrets. A plain `npm start` is the demo, with the documented defaults.
const demo = config.NODE_ENV !== "production" ? { DEMO: process.env.DEMO ?? "1" } : {};
// A 64 MB young generation: an ingest batch of 10,000 points allocates ~10 MB of short-lived objects,
// and with V8's default the collector ran several times a batch (docs/scaling.md).
const server = spawn("node", ["--max-semi-space-size=64", "scripts/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, ...demo, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
