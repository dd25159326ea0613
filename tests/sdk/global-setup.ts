import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { openDatabase, type Database } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { companies, feedCounters, telemetryCheckpoints } from "@/db/schema";
import { TELEMETRY_PROCESSORS } from "@/lib/runtime/boot/start-fleet-reactions";
import { ensurePartitions } from "@/lib/telemetry/store/partitions";
import { setupFleetFixture } from "../helpers/fleet-fixture";
import { preparePgliteSnapshot } from "../helpers/migrated-database";
import { SDK_VEHICLES } from "./sdk-fleet";
import { trackerListenersOff } from "@/lib/platform/config/env.mjs";
import { reloadConfig } from "@/lib/platform/config";

/**
 * Runs the production build (`next build` output in NEXT_DIST_DIR, default .next-e2e, as `npm test`
 * makes it) with `node scripts/server.mjs` on a fresh PGlite folder, for the Samsara SDK suite.
 *
 * The folder is prepared before the server starts (one process may open a PGlite folder at a time):
 * the demo companies with SDK_VEHICLES live vehicles, and an hour of telemetry, fault codes and a
 * duty-status log written through the ingestion service by the shared fleet fixture. Main has no
 * public ingestion endpoint yet, so this is the closest path to a device's. Other Fleet is put on the
 * Free plan (5 requests/s) so the rate-limit tests reach a 429 quickly. The server then finds data
 * and skips its own seed; it signs both admins in through the admin
 * interface once, and the tests mint their keys with those tokens over HTTP, as a customer does.
 */
const PORT = Number(process.env.SDK_PORT ?? 3211);
const DATA_DIR = ".data-sdk";
const DAY_MS = 86_400_000;

/**
 * The fixture's telemetry is the backdrop the read interfaces answer from, not news to react to: each processor that
 * starts "now" starts after it. Otherwise it would take the fixture's last ten minutes as a fleet just starting
 * (lib/telemetry/fleet-events/first-checkpoint.ts) and log driving for the HOS driver, whose vehicle still moves
 * after the fixture's log puts them off duty.
 */
const checkpointFixtureAsHistory = async (db: Database) => {
  const heads = await db.select().from(feedCounters);
  const startingNow = TELEMETRY_PROCESSORS.filter((processor) => processor.startAt === "now");
  await db
    .insert(telemetryCheckpoints)
    .values(heads.flatMap(({ companyId, dataset, seq }) => startingNow.map((processor) => ({ companyId, dataset, seq, processor: processor.name }))));
};

const prepareDataDir = async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  // The fixture's inspection photo goes where the server looks for it (its DATA_DIR's photos).
  process.env.PHOTO_DIR = `${DATA_DIR}/photos`;
  reloadConfig();
  // Started from the vitest run's migrated snapshot (built here when that run has not made it yet): applying every
  // migration to a fresh folder was most of this setup's time.
  const handle = openDatabase({ dataDir: DATA_DIR, snapshot: new Blob([readFileSync(await preparePgliteSnapshot())]) });
  try {
    await migrateDatabase(handle);
    await ensurePartitions({ db: handle.db, from: new Date(Date.now() - 8 * DAY_MS), to: new Date(Date.now() + 2 * DAY_MS) });
    await setupFleetFixture({ db: handle.db, liveVehicles: SDK_VEHICLES });
    await checkpointFixtureAsHistory(handle.db);
    await handle.db.update(companies).set({ planTier: "Free" }).where(eq(companies.name, "Other Fleet"));
  } finally {
    await handle.close();
  }
};

const waitForHealth = async (baseUrl: string, server: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before answering /api/health`);
    const status = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms`);
};

/** POST /api/v2/auth/token: the admin interface's sign-in, as a customer's script does it. */
const signIn = async (baseUrl: string, credentials: { email: string; password: string }): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/v2/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`Admin sign-in for ${credentials.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

export default async function setup(project: TestProject) {
  await prepareDataDir();
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const server = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      DATABASE_URL: "",
      SIMULATOR: "off",
      // The webhook suite's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "1",
      ...trackerListenersOff(),
      SIM_VEHICLES: String(SDK_VEHICLES),
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(baseUrl, server, 60_000);
    project.provide("sdkBaseUrl", baseUrl);
    // One admin token per company for the whole run: sign-ins are throttled per account, keys are not.
    project.provide("adminTokens", {
      demo: await signIn(baseUrl, { email: "admin@demo.test", password: "demo-password-1" }),
      other: await signIn(baseUrl, { email: "admin@other.test", password: "other-password-1" }),
    });
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sdkBaseUrl: string;
    adminTokens: { demo: string; other: string };
  }
}
