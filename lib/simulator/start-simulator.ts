import { Client } from "pg";
import type { DatabaseHandle } from "@/db/client";
import { updateServiceStatus } from "@/lib/boot/service-status";
import { logger } from "@/lib/logger";
import type { TrackerPorts } from "@/lib/trackers/start-trackers";
import { createFleetSimulator } from "./fleet-simulator";
import { getConfig, isSimulatorOn } from "@/lib/config";

const log = (message: string) => console.log(`[simulator] ${message}`);
/** Any fixed number: the PostgreSQL advisory lock that elects the one simulating instance. */
const LEADER_LOCK = 727_001;
const STANDBY_RETRY_MS = 30_000;

/** Whether this instance still holds the leader lock: false once its lock connection is gone. */
type Leadership = { held: boolean };

/**
 * On PostgreSQL only one instance may simulate: it holds a session advisory lock on its own
 * connection. When that connection drops (say the server restarts), the lock is gone with it and
 * another instance may take over, so this one must stop and stand for election again.
 */
const becomeLeader = async (url: string): Promise<Leadership | null> => {
  const client = new Client({ connectionString: url });
  const leadership: Leadership = { held: false };
  const lose = (why: string) => {
    if (leadership.held) log(`leader connection lost (${why}); standing by`);
    leadership.held = false;
  };
  client.on("error", (error) => lose(error.message));
  client.on("end", () => lose("closed"));
  try {
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [LEADER_LOCK]);
    if (rows[0].locked) {
      leadership.held = true;
      return leadership;
    }
  } catch (error) {
    log(`leader election failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  await client.end().catch(() => undefined);
  return null;
};

const electLeader = async (url: string): Promise<Leadership> => {
  for (;;) {
    const leadership = await becomeLeader(url);
    if (leadership) return leadership;
    updateServiceStatus({ simulator: { state: "standby", vehicles: 0, detail: "another instance simulates" } });
    await new Promise((resolve) => setTimeout(resolve, STANDBY_RETRY_MS));
  }
};

const runSimulator = async (database: DatabaseHandle, trackerPorts?: TrackerPorts): Promise<void> => {
  const { DATABASE_URL, SIM_BACKFILL_DAYS, SIM_SEED, SIM_TICK_MS: tickMs } = getConfig();
  const leadership: Leadership = database.kind === "postgres" && DATABASE_URL ? await electLeader(DATABASE_URL) : { held: true };
  const simulator = await createFleetSimulator({ db: database.db, seed: SIM_SEED, backfillMs: SIM_BACKFILL_DAYS * 86_400_000, trackerPorts });
  updateServiceStatus({ simulator: { state: "backfilling", vehicles: simulator.vehicles } });
  const started = Date.now();
  let lastShown = -1;
  const { rows, spanMs } = await simulator.backfill((done, total) => {
    const percent = Math.floor((done / total) * 100);
    if (total < 3_600_000 || percent < lastShown + 10) return;
    lastShown = percent;
    log(`backfill ${percent}% (${Math.floor(done / 86_400_000)} of ${Math.ceil(total / 86_400_000)} days)`);
  });
  log(`caught up ${(spanMs / 3_600_000).toFixed(1)} h for ${simulator.vehicles} vehicles: ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  updateServiceStatus({ simulator: { state: "running", vehicles: simulator.vehicles } });
  const loop = async () => {
    if (!leadership.held) {
      // The simulator's state lives in the database, so a new term resumes where this one stopped.
      simulator.stop();
      runSimulator(database, trackerPorts).catch((error) => logger.error({ err: error }, "simulator failed"));
      return;
    }
    try {
      await simulator.tick();
    } catch (error) {
      // One bad tick must never take the server down; the next tick re-covers the same window.
      logger.error({ err: error }, "simulator tick failed");
    }
    setTimeout(loop, tickMs).unref();
  };
  setTimeout(loop, tickMs).unref();
};

/** Starts the fleet simulator in the background (SIMULATOR=off disables it). Never throws. */
export const startSimulator = ({ database, trackerPorts }: { database: DatabaseHandle; trackerPorts?: TrackerPorts }) => {
  if (!isSimulatorOn()) {
    updateServiceStatus({ simulator: { state: "off", vehicles: 0 } });
    return;
  }
  runSimulator(database, trackerPorts).catch((error) => {
    logger.error({ err: error }, "simulator failed");
    updateServiceStatus({ simulator: { state: "failed", vehicles: 0, detail: error instanceof Error ? error.message : String(error) } });
  });
};
