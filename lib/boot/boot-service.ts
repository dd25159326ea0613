import { getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { getConfig, getSecret, listMissingProductionSecrets } from "@/lib/config";
import { getDemoLogins, seedDemo } from "@/lib/seed/seed-demo";
import { startSimulator } from "@/lib/simulator/start-simulator";
import { startTrackers } from "@/lib/trackers/start-trackers";
import { ensurePartitions } from "@/lib/telemetry/partitions";
import { seedIngestToken } from "@/lib/ingest-batch/ingest-tokens";
import { updateServiceStatus } from "./service-status";
import { startTelemetryMaintenance } from "./telemetry-maintenance";

const log = (message: string) => console.log(`[boot] ${message}`);

/** Migrates, seeds an empty database, prints the demo sign-ins, and starts background work. */
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
  const liveVehicles = config.SIM_VEHICLES;
  const { seeded } = await seedDemo({ db: database.db, liveVehicles });
  log(seeded ? `seeded the demo companies (${liveVehicles} live vehicles)` : "existing data found; seed skipped");
  log("demo sign-ins:");
  for (const login of getDemoLogins()) log(`  ${login.company.padEnd(11)} ${login.role.padEnd(10)} ${login.email} / ${login.password}`);
  log(`legacy ClientKey: ${getSecret("SEED_CLIENT_KEY")}`);
  const ingestToken = await seedIngestToken({ db: database.db });
  if (ingestToken) log(`ingest token (POST /ingest/batch, Demo Fleet live): ${ingestToken}`);
  updateServiceStatus({ bootedAt: new Date().toISOString() });
  const trackers = await startTrackers({ db: database.db });
  startSimulator({ database, trackerPorts: trackers.ports });
  startTelemetryMaintenance({ database });
  log(`ready in ${Date.now() - started} ms`);
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
