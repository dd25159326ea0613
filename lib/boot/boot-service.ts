import { getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { getConfig, getPublicOrigin, getSecret, isDemoMode, listMissingProductionSecrets } from "@/lib/config";
import { issueSetupToken } from "@/lib/companies/setup-token";
import type { Database } from "@/db/client";
import { getDemoLogins, seedDemo } from "@/lib/seed/seed-demo";
import { startSimulator } from "@/lib/simulator/start-simulator";
import { startTrackers } from "@/lib/trackers/start-trackers";
import { ensurePartitions } from "@/lib/telemetry/partitions";
import { seedIngestToken } from "@/lib/ingest-batch/ingest-tokens";
import { updateServiceStatus } from "./service-status";
import { startTelemetryMaintenance } from "./telemetry-maintenance";
import { startFleetReactions } from "./start-fleet-reactions";
import { startFleetEventBus } from "@/lib/fleet-events/fleet-event-bus";
import { startWebhookDelivery } from "@/lib/webhooks/deliver-webhooks";
import { startMailSender } from "@/lib/mail/send-queued-mail";
import { startScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { logger } from "@/lib/logger";
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

/** Migrates, seeds the demo's empty database (production: prints the setup link), prints the demo sign-ins, and starts background work. */
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
  await ensurePartitions({ db: database.db, from: new Date(Date.now() - 8 * 86_400_000), to: new Date(Date.now() + 2 * 86_400_000) });
  if (isDemoMode()) await seedTheDemo({ db: database.db, liveVehicles: config.SIM_VEHICLES });
  else await printSetupLink({ db: database.db });
  updateServiceStatus({ bootedAt: new Date().toISOString() });
  // Every role hears every instance's fleet events: the live streams (web) and the processors (worker) follow them.
  await startFleetEventBus({ database });
  const role = config.PROCESS_ROLE;
  if (role !== "worker") {
    const trackers = await startTrackers({ db: database.db });
    startSimulator({ database, trackerPorts: trackers.ports });
  }
  // Partitions ahead and retention: every role, as any number of instances may (ingestion needs the partitions).
  startTelemetryMaintenance({ database });
  if (role === "worker") lowerWorkerPriority({ nice: config.WORKER_NICE });
  if (role !== "web") {
    startFleetReactions({ database });
    startWebhookDelivery({ db: database.db, onError: (error) => logger.error({ err: error }, "webhook delivery failed") });
    startMailSender({ db: database.db, onError: (error) => logger.error({ err: error }, "mail sending failed") });
    startScheduledReports({ db: database.db, onError: (error) => logger.error({ err: error }, "scheduled reports failed") });
  } else {
    updateServiceStatus({ telemetryProcessors: "off" });
  }
  log(`ready in ${Date.now() - started} ms${role === "all" ? "" : ` (role ${role})`}`);
};

/** A server that cannot migrate or is misconfigured must not linger answering 500s. */
export const bootServiceOrExit = async () => {
  try {
    await bootService();
  } catch (error) {
    console.error(`[boot] fatal: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
};
