import { getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { analyzeRestoredTables } from "@/db/analyze-tables";
import { hasCitus } from "@/db/distribution";
import { getConfig, getPublicOrigin, getSecret, isDemoMode, listMissingProductionSecrets } from "@/lib/platform/config";
import { issueSetupToken } from "@/lib/access/companies/setup-token";
import type { Database } from "@/db/client";
import { getDemoLogins, seedDemo } from "@/lib/runtime/seed/seed-demo";
import { startTrackers } from "@/lib/ingestion/trackers/start-trackers";
import { ensurePartitions } from "@/lib/telemetry/store/partitions";
import { seedIngestToken } from "@/lib/ingestion/batch/ingest-tokens";
import { updateServiceStatus } from "../service-status";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { startJobs } from "@/lib/platform/jobs";
import { listBackgroundJobs } from "./background-jobs";
import { lowerWorkerPriority } from "./worker-priority";

const log = (message: string) => console.log(`[boot] ${message}`);

/** The demo: two seeded companies and their sign-ins on the console. */
const seedTheDemo = async ({ db, liveVehicles }: { db: Database; liveVehicles: number }) => {
  const { seeded } = await seedDemo({ db, liveVehicles });
  log(seeded ? `seeded the demo companies (${liveVehicles} live vehicles)` : "existing data found; seed skipped");
  log("demo sign-ins:");
  for (const login of getDemoLogins()) log(`  ${login.company.padEnd(11)} ${login.role.padEnd(10)} ${login.email} / ${login.password}`);
  log(`legacy ClientKey: ${getSecret("SEED_CLIENT_KEY")}`);
  const ingestToken = await seedIngestToken({ db });
  if (ingestToken) log(`ingest token (POST /ingest/batch, Demo Fleet live): ${ingestToken}`);
};

/** Production: nothing is seeded; while no company exists, each start prints a new one-time setup link. */
const printSetupLink = async ({ db }: { db: Database }) => {
  const token = await issueSetupToken({ db });
  if (!token) return;
  log("no company yet: create the first one and its admin at (valid 24 h, once):");
  log(`  ${getPublicOrigin()}/setup?token=${token}`);
};

/**
 * Migrates, seeds the demo's empty database (production: prints the setup link), prints the demo
 * sign-ins, and starts the background jobs of this process's role (lib/runtime/boot/background-jobs.ts).
 * Returns one stop for all it started: the jobs (awaiting the runs under way), the tracker listeners
 * and the fleet event bus.
 */
export const bootService = async () => {
  const config = getConfig();
  const missing = listMissingProductionSecrets();
  if (missing.length > 0) {
    throw new Error(`Refusing to start with demo secrets in production. Set ${missing.join(", ")} (or DEMO=1 for a demo).`);
  }
  const started = Date.now();
  const database = getDatabase();
  log(`database: ${database.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}` : "PostgreSQL (DATABASE_URL)"}`);
  await migrateDatabase(database);
  if (database.kind === "postgres" && !(await hasCitus(database.db))) {
    const analyzed = await analyzeRestoredTables({ db: database.db });
    if (analyzed.length > 0) log(`analyzed ${analyzed.length} tables holding rows without planner statistics (a restored database): ${analyzed.join(", ")}`);
  }
  await ensurePartitions({ db: database.db, from: new Date(Date.now() - 8 * 86_400_000), to: new Date(Date.now() + 2 * 86_400_000) });
  if (isDemoMode()) await seedTheDemo({ db: database.db, liveVehicles: config.SIM_VEHICLES });
  else await printSetupLink({ db: database.db });
  updateServiceStatus({ bootedAt: new Date().toISOString() });
  // Every role hears every instance's fleet events: the live streams (web) and the processors (worker) follow them.
  await startFleetEventBus({ database });
  const role = config.PROCESS_ROLE;
  const trackers = role === "worker" ? undefined : await startTrackers({ db: database.db });
  if (role === "worker") lowerWorkerPriority({ nice: config.WORKER_NICE });
  if (role === "web") updateServiceStatus({ telemetryProcessors: "off" });
  const stopJobs = startJobs({ db: database.db, jobs: listBackgroundJobs({ database, trackerPorts: trackers?.ports }), role });
  log(`ready in ${Date.now() - started} ms${role === "all" ? "" : ` (role ${role})`}`);
  return {
    stop: async () => {
      await stopJobs();
      await trackers?.close();
      await stopFleetEventBus();
    },
  };
};

/**
 * Where scripts/server.mjs finds the service's one stop on SIGTERM: Next loads this module in its own
 * bundle, so the launcher cannot import it; a registered global symbol is the handshake both can see.
 */
export const STOP_SERVICE = Symbol.for("fleet-telematics.stop-service");

/** A server that cannot migrate or is misconfigured must not linger answering 500s. */
export const bootServiceOrExit = async () => {
  try {
    const { stop } = await bootService();
    (globalThis as { [STOP_SERVICE]?: () => Promise<void> })[STOP_SERVICE] = stop;
  } catch (error) {
    console.error(`[boot] fatal: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};
