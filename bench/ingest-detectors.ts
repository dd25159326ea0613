// Ingestion with the trip, idle and speeding detectors running against without them:
// `npx tsx bench/ingest-detectors.ts` (also part of `npm run bench`). BENCH_VEHICLES (default 1,000)
// vehicles each report every 10 s of simulated time (driving 8 min, idling 6, parked 4, in turn;
// an engine-state stat at each change), DETECTOR_BATCHES (default 60: 10 simulated minutes) batches
// of one report per vehicle, through ingestTelemetry one after another. Then the same with the trip
// processor running in this process as the service runs it (woken after each batch, as the
// telemetry notification wakes it, and by its sweep), and the time it needs after the last batch
// to detect everything, with the service's windows (lib/runtime/boot/start-fleet-reactions.ts). DATABASE_URL:
// PostgreSQL (a fresh database, dropped afterwards); DATABASE_URL=pglite: embedded, in memory.
// DETECTORS_IN=worker (PostgreSQL): the trip processor runs in a process of its own (bench/processor-worker.ts),
// as in a deployment with PROCESS_ROLE=web and PROCESS_ROLE=worker processes, woken by ingestion's NOTIFY.
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, type Database, type DatabaseHandle } from "@/db/client";
import { POSTGRES_WINDOW } from "@/lib/runtime/boot/start-fleet-reactions";
import { migrateDatabase } from "@/db/migrate";
import { companies, feedCounters, telemetryCheckpoints, trips, vehicles } from "@/db/schema";
import { runTelemetryProcessors, startTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { ensurePartitions, ingestTelemetry, type PositionReport, type StatSample } from "@/lib/telemetry/store";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { startWorkerProcess } from "./worker-process";

export type DetectorBenchResult = {
  vehicles: number;
  rows: number;
  withoutRate: number;
  alonePercent: number;
  aloneCpuMs: number;
  withRate: number;
  caughtUpRate: number;
  catchUpMs: number;
  trips: number;
};

const STEP_MS = 10_000;
/** One vehicle's cycle in 10-s steps: 48 driving, 36 standing with the engine on, 24 parked. */
const CYCLE = 108;
const phaseOf = (step: number) => (step % CYCLE < 48 ? "drive" : step % CYCLE < 84 ? "idle" : "parked");
const engineOf = (phase: ReturnType<typeof phaseOf>) => (phase === "parked" ? ("Off" as const) : ("On" as const));

/** Batches of one report per vehicle from `start`: positions, and an engine-state stat where it changes. */
const buildBatches = ({ companyId, vehicleIds, start, count }: { companyId: number; vehicleIds: number[]; start: number; count: number }) =>
  Array.from({ length: count }, (_, s) => {
    const time = new Date(start + s * STEP_MS);
    const positions: PositionReport[] = [];
    const stats: StatSample[] = [];
    vehicleIds.forEach((vehicleId, i) => {
      const step = s + i;
      const phase = phaseOf(step);
      const latitude = 41.8 + (i % 100) / 100 + (Math.floor(step / CYCLE) * 48 + Math.min(step % CYCLE, 48)) * 0.0013;
      positions.push({
        companyId,
        dataset: "live",
        vehicleId,
        time,
        latitude,
        longitude: -87.7 - Math.floor(i / 100) / 100,
        speed: phase === "drive" ? 15 : 0,
        heading: 0,
      });
      if (s === 0 || engineOf(phase) !== engineOf(phaseOf(step - 1)))
        stats.push({ companyId, dataset: "live", vehicleId, time, engineState: engineOf(phase), fuelPercent: 60 });
    });
    return { positions, stats };
  });

const rowsOf = (batches: { positions: PositionReport[]; stats: StatSample[] }[]) =>
  batches.reduce((sum, batch) => sum + batch.positions.length + batch.stats.length, 0);

/** Runs both measurements on a migrated database whose demo company has at least `vehicleCount` live vehicles. */
/** The trip processor in this process, as PROCESS_ROLE=all runs it, woken after each batch as the notification would; returns how to stop it. */
const startInProcess = ({ db, window, wake }: { db: Database; window: number | undefined; wake: Set<() => void> }) =>
  startTelemetryProcessors({
    db,
    processors: [tripProcessor],
    window,
    subscribe: (onTelemetry) => (wake.add(onTelemetry), () => wake.delete(onTelemetry)),
    onError: (error) => console.error("[bench] trip processor:", error),
  });

export const benchIngestWithDetectors = async ({
  db,
  kind: handleKind,
  vehicleCount,
  batchCount,
  workerDatabaseUrl,
}: {
  db: Database;
  kind: DatabaseHandle["kind"];
  vehicleCount: number;
  batchCount: number;
  /** Set: the detectors run in a worker process on this database (PostgreSQL); unset: in this process. */
  workerDatabaseUrl?: string;
}): Promise<DetectorBenchResult> => {
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const tenant = { companyId: demo.id, dataset: "live" as const };
  const vehicleIds = (
    await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demo.id), eq(vehicles.dataset, "live")))
      .orderBy(vehicles.id)
      .limit(vehicleCount)
  ).map((row) => row.id);
  // Two stretches that nothing else in `npm run bench` writes (8 and 6.5 hours ago): without, then with the detectors.
  const start = Math.floor((Date.now() - 8 * 3_600_000) / 60_000) * 60_000;
  await ensurePartitions({ db, from: new Date(start - 3_600_000), to: new Date() });
  const without = buildBatches({ companyId: demo.id, vehicleIds, start, count: batchCount });
  const withDetectors = buildBatches({ companyId: demo.id, vehicleIds, start: start + 1.5 * 3_600_000, count: batchCount });
  // One untimed batch first, as a running service has: the first write JIT-compiles the checks.
  await ingestTelemetry({ db, batch: buildBatches({ companyId: demo.id, vehicleIds, start: start - 60 * STEP_MS, count: 1 })[0] });
  // Each timed phase starts right after a checkpoint: the first change to a page after one writes the
  // whole page to the WAL, and a checkpoint the other phase's writes set off would otherwise land in
  // either phase by chance (1 GB of WAL a checkpoint; a run writes about that).
  const headSeq = async () =>
    (
      await db
        .select({ seq: feedCounters.seq })
        .from(feedCounters)
        .where(and(eq(feedCounters.companyId, demo.id), eq(feedCounters.dataset, "live")))
    )[0].seq;
  const moveCheckpoint = (seq: number) =>
    db
      .insert(telemetryCheckpoints)
      .values({ ...tenant, processor: tripProcessor.name, seq })
      .onConflictDoUpdate({ target: [telemetryCheckpoints.companyId, telemetryCheckpoints.dataset, telemetryCheckpoints.processor], set: { seq } });
  await moveCheckpoint(await headSeq());
  await db.execute(sql`checkpoint`);
  let started = performance.now();
  for (const batch of without) await ingestTelemetry({ db, batch });
  const withoutMs = performance.now() - started;
  const withoutRate = (rowsOf(without) * 1000) / withoutMs;

  // The processor alone over the rows just ingested, nothing else running: its own cost, steadier
  // than the ratios below, which move with whatever else the machine does.
  const window = handleKind === "pglite" ? undefined : POSTGRES_WINDOW;
  const cpu = process.cpuUsage();
  started = performance.now();
  await runTelemetryProcessors({ db, processors: [tripProcessor], window });
  const aloneMs = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);

  // The detectors start caught up with everything before (a running service), so they see only the second stretch.
  await moveCheckpoint(await headSeq());
  const wake = new Set<() => void>();
  await db.execute(sql`checkpoint`);
  const stop = workerDatabaseUrl
    ? await startWorkerProcess({ databaseUrl: workerDatabaseUrl, processors: [tripProcessor.name] })
    : startInProcess({ db, window, wake });
  started = performance.now();
  for (const batch of withDetectors) {
    await ingestTelemetry({ db, batch });
    for (const notify of wake) notify();
  }
  const ingestedMs = performance.now() - started;
  // What is left after the last batch: the pass under way ends (until then its checkpoint is locked, and skipped here), then the rest is detected
  // (by this process; a worker process keeps going by itself).
  if (!workerDatabaseUrl) stop();
  const last = { seq: await headSeq() };
  const checkpoint = async () =>
    (
      await db
        .select({ seq: telemetryCheckpoints.seq })
        .from(telemetryCheckpoints)
        .where(
          and(eq(telemetryCheckpoints.companyId, demo.id), eq(telemetryCheckpoints.dataset, "live"), eq(telemetryCheckpoints.processor, tripProcessor.name)),
        )
    )[0].seq;
  while ((await checkpoint()) < last.seq) {
    if (!workerDatabaseUrl) await runTelemetryProcessors({ db, processors: [tripProcessor], window });
    await new Promise((resolve) => setTimeout(resolve, workerDatabaseUrl ? 20 : 5));
  }
  const caughtUpMs = performance.now() - started;
  if (workerDatabaseUrl) stop();
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trips)
    .where(and(eq(trips.companyId, demo.id), eq(trips.dataset, "live")));
  return {
    vehicles: vehicleIds.length,
    rows: rowsOf(withDetectors),
    withoutRate,
    alonePercent: (aloneMs / withoutMs) * 100,
    aloneCpuMs: (user + system) / 1000,
    withRate: (rowsOf(withDetectors) * 1000) / ingestedMs,
    caughtUpRate: (rowsOf(withDetectors) * 1000) / caughtUpMs,
    catchUpMs: caughtUpMs - ingestedMs,
    trips: count,
  };
};

/** The figures as one line each. */
export const describeDetectorBench = (result: DetectorBenchResult) => {
  const rate = (value: number) => `${Math.round(value).toLocaleString("en-US")} rows/s`;
  return [
    `${result.vehicles.toLocaleString("en-US")} vehicles, ${result.rows.toLocaleString("en-US")} rows a ` +
      `run (${result.trips.toLocaleString("en-US")} trips detected)`,
    `without the detectors: ${rate(result.withoutRate)}`,
    `the trip processor alone over those rows: ${result.alonePercent.toFixed(0)} % of their ingestion's ` +
      `time (${Math.round(result.aloneCpuMs).toLocaleString("en-US")} ms of this process's CPU)`,
    `with them running: ${rate(result.withRate)} (${((result.withRate / result.withoutRate) * 100).toFixed(0)} %)`,
    `with them, until all is detected (${(result.catchUpMs / 1000).toFixed(1)} s after the last batch): ` +
      `${rate(result.caughtUpRate)} (${((result.caughtUpRate / result.withoutRate) * 100).toFixed(0)} %; ` +
      `target ≥ 80 %)`,
  ];
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const vehicleCount = Number(process.env.BENCH_VEHICLES ?? 1_000);
  const batchCount = Number(process.env.DETECTOR_BATCHES ?? 60);
  const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const embedded = baseUrl === "pglite";
  const name = `detector_bench_${randomBytes(4).toString("hex")}`;
  const admin = embedded ? null : new Client({ connectionString: baseUrl });
  await admin?.connect();
  await admin?.query(`create database ${name}`);
  const url = embedded ? null : Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  const handle = openDatabase(url ? { url } : { dataDir: "memory://" });
  const inWorker = process.env.DETECTORS_IN === "worker";
  if (inWorker && !url) throw new Error("DETECTORS_IN=worker needs PostgreSQL (PGlite is one process's)");
  try {
    await migrateDatabase(handle);
    await seedDemo({ db: handle.db, liveVehicles: vehicleCount });
    const result = await benchIngestWithDetectors({
      db: handle.db,
      kind: handle.kind,
      vehicleCount,
      batchCount,
      workerDatabaseUrl: inWorker ? url! : undefined,
    });
    console.log(
      `${embedded ? "PGlite" : "PostgreSQL"}, detectors ` +
        `${inWorker ? "in a worker process" : "in the ingesting process"}: ` +
        `${describeDetectorBench(result).join("\n  ")}`,
    );
  } finally {
    await handle.close();
    await admin?.query(`drop database ${name} with (force)`);
    await admin?.end();
  }
}
