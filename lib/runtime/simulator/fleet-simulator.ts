import type { Database } from "@/db/client";
import { ensurePartitions } from "@/lib/telemetry/store";
import type { TrackerPorts } from "@/lib/ingestion/trackers/start-trackers";
import { loadFleet } from "./load-fleet";
import { DAY_MS, dayOfTime } from "./sim-vehicle";
import { BACKFILL_CADENCE, collectVehicleWindow, LIVE_CADENCE, resumeVehicle, type Cadence, type VehicleRuntime, type WindowOutput } from "./vehicle-reports";
import { createTrackerRelay } from "./tracker-relay";
import { loadKnownJobs, plannedJobs, syncWasteJobs } from "./waste-jobs";
import { writeWindow } from "./write-window";

export type SimulatorOptions = {
  db: Database;
  seed: number;
  /** How much history a vehicle without telemetry gets on first start. */
  backfillMs: number;
  /** The clock; tests pass a fixed one. */
  now?: () => number;
  /** Backfill reporting cadence (coarser than live to keep the first start short). */
  backfillCadence?: Cadence;
  /** This instance's tracker listeners: the demo's tracker vehicles report live through them. */
  trackerPorts?: TrackerPorts;
};

const emptyOutput = (): WindowOutput => ({ positions: [], stats: [], duty: [], faultsRaised: [], faultsCleared: [] });

/**
 * The fleet simulator: vehicles without telemetry get `backfillMs` of history, vehicles with
 * telemetry continue from their latest stored point (so a restart never writes anything twice),
 * then `tick()` writes everything that happened since the previous tick as one batch.
 */
export const createFleetSimulator = async ({ db, seed, backfillMs, now = Date.now, backfillCadence = BACKFILL_CADENCE, trackerPorts }: SimulatorOptions) => {
  const startedAt = now();
  const fleet = await loadFleet({ db, seed });
  const fresh = new Set<VehicleRuntime>();
  const runtimes = fleet.map(({ vehicle, stored }) => {
    const runtime = resumeVehicle({ vehicle, stored: stored && stored.time > startedAt - backfillMs ? stored : null, startAt: startedAt - backfillMs });
    if (!stored || stored.time <= startedAt - backfillMs) fresh.add(runtime);
    return runtime;
  });
  const vehicles = runtimes.map((r) => r.vehicle);
  await ensurePartitions({ db, from: new Date(startedAt - backfillMs), to: new Date(startedAt + 2 * DAY_MS) });
  const known = await loadKnownJobs({ db, vehicles, now: startedAt });
  let jobs = { day: dayOfTime(startedAt), list: plannedJobs({ vehicles, now: startedAt }) };
  const trackers = trackerPorts && vehicles.some((vehicle) => vehicle.tracker) ? createTrackerRelay({ ports: trackerPorts }) : null;

  /** Writes (from each vehicle's emittedUntil, until]; returns the rows written directly. Live windows of tracker vehicles go over TCP. */
  const advance = async (until: number, cadence: Cadence, live = false) => {
    const output = emptyOutput();
    for (const runtime of runtimes) {
      if (runtime.emittedUntil >= until) continue;
      collectVehicleWindow({ runtime, from: runtime.emittedUntil, to: until, cadence, firstWindow: fresh.delete(runtime), into: output });
    }
    const result = await writeWindow({ db, output: live && trackers ? await trackers.relay({ output, vehicles }) : output });
    return result.accepted.positions + result.accepted.stats;
  };

  const syncJobs = async (time: number) => {
    if (dayOfTime(time) !== jobs.day) jobs = { day: dayOfTime(time), list: plannedJobs({ vehicles, now: time }) };
    return syncWasteJobs({ db, jobs: jobs.list, known, now: time });
  };

  return {
    vehicles: runtimes.length,
    runtimes,
    /** Catches every vehicle up to the start time in slices; `onProgress(done, total)` in ms of simulated time. */
    backfill: async (onProgress?: (doneMs: number, totalMs: number) => void) => {
      const from = Math.min(startedAt, ...runtimes.map((r) => r.emittedUntil));
      // Slices of ~30k rows keep each transaction and its arrays modest, whatever the fleet size.
      const sliceMs = Math.min(3 * 3_600_000, Math.max(300_000, (3 * 3_600_000 * 50) / Math.max(1, runtimes.length)));
      let rows = 0;
      for (let until = Math.min(from + sliceMs, startedAt); ; until = Math.min(until + sliceMs, startedAt)) {
        rows += await advance(until, backfillCadence);
        onProgress?.(until - from, startedAt - from);
        if (until >= startedAt) break;
      }
      await syncJobs(startedAt);
      return { rows, spanMs: startedAt - from };
    },
    /** Writes what happened since the last tick; returns the rows written. */
    tick: async () => {
      const time = now();
      const rows = await advance(time, LIVE_CADENCE, true);
      await syncJobs(time);
      return rows;
    },
    /** Closes the demo trackers' connections. */
    stop: () => trackers?.close(),
  };
};

export type FleetSimulator = Awaited<ReturnType<typeof createFleetSimulator>>;
