import { Client } from "pg";
import type { DatabaseHandle } from "@/db/client";
import { updateServiceStatus } from "@/lib/runtime/service-status";
import { logger } from "@/lib/platform/logger";
import type { TrackerPorts } from "@/lib/ingestion/trackers/start-trackers";
import { createFleetSimulator } from "./fleet-simulator";
import { getConfig, isSimulatorOn } from "@/lib/platform/config";

const log = (message: string) => console.log(`[simulator] ${message}`);
/** Any fixed number: the PostgreSQL advisory lock that elects the one simulating instance. */
const LEADER_LOCK = 727_001;
const STANDBY_RETRY_MS = 30_000;

/** Whether this instance still holds the leader lock (false once its lock connection is gone), and how to give it up. */
type Leadership = { held: boolean; release: () => Promise<void> };

/** Set by the simulator's stop: no term or tick starts after it; `halt` ends the term under way (set once it runs live). */
type Control = { stopped: boolean; halt: () => Promise<void> };

/**
 * On PostgreSQL only one instance may simulate: it holds a session advisory lock on its own
 * connection. When that connection drops (say the server restarts), the lock is gone with it and
 * another instance may take over, so this one must stop and stand for election again.
 */
const becomeLeader = async (url: string): Promise<Leadership | null> => {
  const client = new Client({ connectionString: url });
  const leadership: Leadership = { held: false, release: () => client.end().catch(() => undefined) };
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

const electLeader = async (url: string, control: Control): Promise<Leadership | null> => {
  while (!control.stopped) {
    const leadership = await becomeLeader(url);
    if (leadership) return leadership;
    updateServiceStatus({ simulator: { state: "standby", vehicles: 0, detail: "another instance simulates" } });
    await new Promise((resolve) => setTimeout(resolve, STANDBY_RETRY_MS));
  }
  return null;
};

const runSimulator = async (database: DatabaseHandle, control: Control, trackerPorts?: TrackerPorts): Promise<void> => {
  const { DATABASE_URL, SIM_BACKFILL_DAYS, SIM_SEED, SIM_TICK_MS: tickMs } = getConfig();
  const leadership = database.kind === "postgres" && DATABASE_URL ? await electLeader(DATABASE_URL, control) : { held: true, release: async () => undefined };
  if (!leadership) return;
  if (control.stopped) return leadership.release();
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
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();
  control.halt = async () => {
    clearTimeout(timer);
    await ticking;
    simulator.stop();
    await leadership.release();
  };
  if (control.stopped) return control.halt();
  const loop = async () => {
    if (!leadership.held) {
      // The simulator's state lives in the database, so a new term resumes where this one stopped.
      simulator.stop();
      runSimulator(database, control, trackerPorts).catch((error) => logger.error({ err: error }, "simulator failed"));
      return;
    }
    try {
      await simulator.tick();
    } catch (error) {
      // One bad tick must never take the server down; the next tick re-covers the same window.
      logger.error({ err: error }, "simulator tick failed");
    }
    if (!control.stopped) timer = setTimeout(tick, tickMs).unref();
  };
  const tick = () => {
    ticking = loop();
  };
  timer = setTimeout(tick, tickMs).unref();
};

/**
 * Starts the fleet simulator in the background (SIMULATOR=off disables it). Never throws. Returns how
 * to stop: no tick starts after it, and it resolves once the tick under way has finished and the leader
 * lock is released (a backfill under way is not interrupted: the simulator stops when it ends).
 */
export const startSimulator = ({ database, trackerPorts }: { database: DatabaseHandle; trackerPorts?: TrackerPorts }) => {
  const control: Control = { stopped: false, halt: async () => undefined };
  if (!isSimulatorOn()) {
    updateServiceStatus({ simulator: { state: "off", vehicles: 0 } });
  } else {
    runSimulator(database, control, trackerPorts).catch((error) => {
      logger.error({ err: error }, "simulator failed");
      updateServiceStatus({ simulator: { state: "failed", vehicles: 0, detail: error instanceof Error ? error.message : String(error) } });
    });
  }
  return async () => {
    control.stopped = true;
    await control.halt();
  };
};
