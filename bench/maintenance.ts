// Issue 36's preventive-maintenance figures, the "maintenance" phase of `npm run bench`: every vehicle of
// the fleet (BENCH_VEHICLES) on two service programs (oil change 25,000 km / 500 h / 6 months, tire
// rotation 40,000 km / 12 months, both by tag), reporting a position every second and a fifth of them
// odometer and engine seconds. (a) Live at 1 Hz with the maintenance processor in a worker process (as
// PROCESS_ROLE=worker runs it): the time from the acknowledgement of the batch whose reading crosses a
// vehicle's due point to its status "overdue" being read back. (b) Ingestion without the processor,
// then with it, by the alerts bench's method (bench/alerts.ts): in this process after each batch and
// after every 10th (its pace), and in a worker while batches go back to back.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { queryRows } from "@/db/rows";
import { feedCounters, tags, tagVehicles, telemetryCheckpoints } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { createProgram } from "@/lib/processing/maintenance";
import { maintenanceProcessor } from "@/lib/processing/maintenance/maintenance-processor";
import { POSTGRES_WINDOW } from "@/lib/runtime/boot/start-fleet-reactions";
import { readCommittedTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ensurePartitions, ingestTelemetry, type TelemetryBatch } from "@/lib/telemetry/store";
import { percentile } from "./measure";
import { startWorkerProcess } from "./worker-process";

const OIL_METERS = 25_000_000;
const OIL_ENGINE_SECONDS = 500 * 3600;
const SPEED = 15; // m/s, every vehicle
/** Untimed seconds at the start of the live phase: the worker's first run reads every vehicle's rows. */
const LIVE_WARMUP_SECONDS = 5;
const WARMUP_SECONDS = 10;
/** The processor's pace (minIntervalMs) in batches of a fleet reporting each second. */
const PACED_EVERY = Math.round((maintenanceProcessor.minIntervalMs ?? 0) / 1000) || 1;

type InProcess = { rate: number; ingestMs: number; evaluateMs: number };

export type MaintenanceBenchResult = {
  vehicles: number;
  rowsPerBatch: number;
  /** Crossing → "overdue" read back, ms, sorted; `expected` crossings were sent in the live phase. */
  dueLatencies: number[];
  expected: number;
  notSeen: string[];
  statusRows: number;
  without: { before: number; after: number };
  /** The processor after each batch (unpaced: its harshest), and after every PACED_EVERY-th (its pace at 1 Hz). */
  everyBatch: InProcess;
  paced: InProcess;
  /** The processor alone over the rows of the first "without" phase, ms a batch: its runs, and reading the rows in them. */
  alone: { runMs: number; readMs: number };
  worker: { rate: number; evaluatedRate: number; afterMs: number };
};

export const benchMaintenance = async ({
  db,
  databaseUrl,
  companyId,
  vehicleIds,
  seconds,
}: {
  db: Database;
  /** The worker process's database (PostgreSQL). */
  databaseUrl: string;
  companyId: number;
  vehicleIds: number[];
  seconds: number;
}): Promise<MaintenanceBenchResult> => {
  const tenant = { companyId, dataset: "live" as const };
  const actor = operatorActor("maintenance bench");
  // Second s of the fleet is stamped origin + s: after anything the other phases wrote (a vehicle's
  // state keeps its latest reading), running ahead of the clock during the back-to-back phases.
  const origin = Math.floor(Date.now() / 1000) * 1000;
  await ensurePartitions({ db, from: new Date(origin - 86_400_000), to: new Date(origin + 86_400_000) });
  const liveFrom = WARMUP_SECONDS + 1;
  const measuredFrom = liveFrom + LIVE_WARMUP_SECONDS;
  // Every 10th vehicle crosses its oil change's distance within the live phase, one a second in turn;
  // every 10th from the 5th crosses its engine hours, spread over the live and the back-to-back phases.
  // The others stand at half their intervals. After second 0 (the readings the programs start from) the
  // readings jump to there, so the crossing ones are "due soon" before the live phase.
  const fleet = vehicleIds.map((vehicleId, i) => {
    const distanceAt = i % 10 === 0 ? measuredFrom + ((i / 10) % seconds) : null;
    const engineAt = i % 10 === 5 ? measuredFrom + (((i - 5) / 10) % (5 * seconds)) : null;
    return {
      vehicleId,
      odometer: 1e7 + i * 1000,
      engine: 3.6e6 + i * 10,
      distanceJump: distanceAt === null ? OIL_METERS / 2 : OIL_METERS - SPEED * distanceAt + 1,
      engineJump: engineAt === null ? OIL_ENGINE_SECONDS / 2 : OIL_ENGINE_SECONDS - engineAt + 1,
      crosses: distanceAt !== null || engineAt !== null,
    };
  });
  // A fifth of the fleet a second, the crossing ones (every 5th) spread over the five.
  const reportsAt = (i: number, s: number) => s === 0 || (i + Math.floor(i / 10)) % 5 === s % 5;
  const batchAt = (s: number): TelemetryBatch => {
    const time = new Date(origin + s * 1000);
    return {
      positions: fleet.map(({ vehicleId }, i) => ({
        ...tenant,
        vehicleId,
        time,
        latitude: 41.8 + (i % 100) / 100,
        longitude: -87.7 - Math.floor(i / 100) / 100 + (SPEED * s) / 83_000,
        speed: SPEED,
        heading: 90,
      })),
      stats: fleet
        .filter((_, i) => reportsAt(i, s))
        .map((vehicle) => ({
          ...tenant,
          vehicleId: vehicle.vehicleId,
          time,
          speed: SPEED,
          engineState: "On" as const,
          odometerMeters: vehicle.odometer + (s > 0 ? vehicle.distanceJump : 0) + SPEED * s,
          engineSeconds: vehicle.engine + (s > 0 ? vehicle.engineJump : 0) + s,
        })),
    };
  };
  /** The second whose reported reading first reaches the vehicle's oil change due point (it reports every 5th second). */
  const crossingSecond = (i: number) => {
    const { distanceJump, engineJump } = fleet[i];
    for (let s = 1; s < liveFrom + 6 * seconds + LIVE_WARMUP_SECONDS; s++)
      if (reportsAt(i, s) && (distanceJump + SPEED * s >= OIL_METERS || engineJump + s >= OIL_ENGINE_SECONDS)) return s;
    return null;
  };
  const rowsOf = (batch: TelemetryBatch) => batch.positions!.length + (batch.stats?.length ?? 0);
  const headSeq = async () =>
    (
      await db
        .select({ seq: feedCounters.seq })
        .from(feedCounters)
        .where(and(eq(feedCounters.companyId, companyId), eq(feedCounters.dataset, "live")))
    )[0].seq;
  const checkpoint = async () =>
    (
      await db
        .select({ seq: telemetryCheckpoints.seq })
        .from(telemetryCheckpoints)
        .where(
          and(
            eq(telemetryCheckpoints.companyId, companyId),
            eq(telemetryCheckpoints.dataset, "live"),
            eq(telemetryCheckpoints.processor, maintenanceProcessor.name),
          ),
        )
    )[0].seq;
  // The processor starts caught up with everything before (a running service), as in bench/ingest-detectors.ts.
  const catchUpCheckpoint = async () => {
    const seq = await headSeq();
    await db
      .insert(telemetryCheckpoints)
      .values({ ...tenant, processor: maintenanceProcessor.name, seq })
      .onConflictDoUpdate({ target: [telemetryCheckpoints.companyId, telemetryCheckpoints.dataset, telemetryCheckpoints.processor], set: { seq } });
  };
  const evaluate = () => runTelemetryProcessors({ db, processors: [maintenanceProcessor], window: POSTGRES_WINDOW });

  // Second 0 gives every vehicle its readings, then the programs start from them (by tag, as fleets set them up).
  await catchUpCheckpoint();
  await ingestTelemetry({ db, batch: batchAt(0) });
  const [tag] = await db
    .insert(tags)
    .values({ ...tenant, name: "Service fleet" })
    .returning({ id: tags.id });
  await db.insert(tagVehicles).values(vehicleIds.map((vehicleId) => ({ companyId, tagId: tag.id, vehicleId })));
  const program = (name: string, intervalMeters: number, intervalEngineHours: number | null, intervalMonths: number) =>
    createProgram({ db, ...tenant, actor, input: { name, intervalMeters, intervalEngineHours, intervalMonths, vehicleIds: [], tagIds: [tag.id] } });
  await program("Oil change", OIL_METERS, OIL_ENGINE_SECONDS / 3600, 6);
  await program("Tire rotation", 40_000_000, null, 12);
  await catchUpCheckpoint();
  for (let s = 1; s < liveFrom; s++) {
    await ingestTelemetry({ db, batch: batchAt(s) });
    await evaluate();
  }
  await db.execute(sql`vacuum analyze`);
  const [{ statusRows }] = await queryRows<{ statusRows: number }>(
    db,
    sql`select count(*)::int as "statusRows" from vehicle_maintenance where company_id = ${companyId} and dataset = 'live'`,
  );

  // (a) Live: a batch a second, the processor in a worker process; a poller reads the statuses that turned overdue.
  const worker = await startWorkerProcess({ databaseUrl, processors: [maintenanceProcessor.name] });
  const liveStart = Date.now();
  const since = new Date(liveStart);
  const acked = new Map<number, number>(); // second → when its batch was acknowledged
  const seen = new Map<number, number>(); // vehicle → when its overdue status was read
  let polling = true;
  const poll = async () => {
    while (polling) {
      const overdue = await queryRows<{ vehicleId: number }>(
        db,
        sql`select distinct vehicle_id as "vehicleId" from vehicle_maintenance where company_id = ${companyId} and dataset = 'live'
          and status = 'overdue' and status_since >= ${since}`,
      );
      const now = performance.now();
      for (const { vehicleId } of overdue) if (!seen.has(vehicleId)) seen.set(vehicleId, now);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const poller = poll();
  const liveSeconds = LIVE_WARMUP_SECONDS + seconds;
  for (let k = 0; k < liveSeconds; k++) {
    const wait = liveStart + k * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const batch = batchAt(liveFrom + k);
    await ingestTelemetry({ db, batch });
    acked.set(liveFrom + k, performance.now());
  }
  const expectedVehicles = fleet.flatMap((vehicle, i) => {
    const s = vehicle.crosses ? crossingSecond(i) : null;
    return s !== null && s >= measuredFrom && s < liveFrom + liveSeconds ? [{ vehicleId: vehicle.vehicleId, s }] : [];
  });
  // Up to 60 s more for the last crossings (the target), then the worker stops.
  for (let waited = 0; waited < 60_000 && expectedVehicles.some(({ vehicleId }) => !seen.has(vehicleId)); waited += 250)
    await new Promise((resolve) => setTimeout(resolve, 250));
  polling = false;
  await poller;
  worker();
  // What a crossing not seen shows instead (its statuses and when they were set), to tell a slow processor from a missed one.
  const missing = expectedVehicles.filter(({ vehicleId }) => !seen.has(vehicleId)).slice(0, 5);
  const notSeen = await Promise.all(
    missing.map(async ({ vehicleId, s }) => {
      const statuses = await queryRows<{ status: string; since: Date; service: number; serviceEngine: number; odometer: number; engine: number }>(
        db,
        sql`select m.status, m.status_since as since, m.service_odometer_meters as service, m.service_engine_seconds as "serviceEngine",
          s.odometer_meters as odometer, s.engine_seconds as engine from vehicle_maintenance m
          join vehicle_state s on s.company_id = m.company_id and s.vehicle_id = m.vehicle_id
          where m.company_id = ${companyId} and m.vehicle_id = ${vehicleId} order by m.program_id`,
      );
      const described = statuses.map(
        (row) =>
          `${row.status} since ${new Date(row.since).toISOString()} (service ${row.service} m, ${row.serviceEngine} s; now ${row.odometer} m, ${row.engine} s)`,
      );
      return (
        `vehicle ${vehicleId} (crossing at second ${s}, live from ${liveFrom}, ${new Date(liveStart).toISOString()}; ` +
        `checkpoint ${await checkpoint()} of ${await headSeq()}): ${described.join(", ")}`
      );
    }),
  );
  const dueLatencies = expectedVehicles
    .filter(({ vehicleId }) => seen.has(vehicleId))
    .map(({ vehicleId, s }) => seen.get(vehicleId)! - acked.get(s)!)
    .sort((a, b) => a - b);

  // (b) The alerts bench's method: without the processor before and after (a run drifts), with it in this
  // process after each batch and at its pace (everything it costs comes out of ingestion), and in a worker process.
  let next = liveFrom + liveSeconds;
  const takeBatches = () => {
    next += seconds;
    return Array.from({ length: seconds }, (_, k) => batchAt(next - seconds + k));
  };
  const rowsIn = (batches: TelemetryBatch[]) => batches.reduce((sum, batch) => sum + rowsOf(batch), 0);
  const ingestOnly = async () => {
    const batches = takeBatches();
    await db.execute(sql`checkpoint`);
    const t0 = performance.now();
    for (const batch of batches) await ingestTelemetry({ db, batch });
    return (rowsIn(batches) * 1000) / (performance.now() - t0);
  };
  // Everything the processor costs comes out of ingestion: it runs in this process after every `every`th batch.
  const ingestAndEvaluate = async (every: number) => {
    await catchUpCheckpoint();
    const batches = takeBatches();
    await db.execute(sql`checkpoint`);
    let ingestMs = 0;
    let evaluateMs = 0;
    for (const [k, batch] of batches.entries()) {
      const t0 = performance.now();
      await ingestTelemetry({ db, batch });
      const t1 = performance.now();
      if ((k + 1) % every === 0 || k === batches.length - 1) await evaluate();
      ingestMs += t1 - t0;
      evaluateMs += performance.now() - t1;
    }
    return { rate: (rowsIn(batches) * 1000) / (ingestMs + evaluateMs), ingestMs: ingestMs / seconds, evaluateMs: evaluateMs / seconds };
  };
  const before = await ingestOnly();
  // The processor alone over the rows just ingested, nothing else running, a run each PACED_EVERY batches
  // (its pace): what reading the committed rows (its stat samples only, as the processor reads them) takes of a run. Per batch.
  const processorAlone = async () => {
    const [from, to] = [await checkpoint(), await headSeq()];
    const step = PACED_EVERY * rowsOf(batchAt(1));
    let readMs = 0;
    for (let afterSeq = from; afterSeq < to; afterSeq += step) {
      const t0 = performance.now();
      await readCommittedTelemetry({ db, tenant, afterSeq, throughSeq: Math.min(afterSeq + step, to), positions: false });
      readMs += performance.now() - t0;
    }
    const t0 = performance.now();
    await runTelemetryProcessors({ db, processors: [maintenanceProcessor], window: step });
    return { readMs: readMs / seconds, runMs: (performance.now() - t0) / seconds };
  };
  const alone = await processorAlone();
  const everyBatch = await ingestAndEvaluate(1);
  const paced = await ingestAndEvaluate(PACED_EVERY);
  await catchUpCheckpoint();
  const workerBatches = takeBatches();
  const stop = await startWorkerProcess({ databaseUrl, processors: [maintenanceProcessor.name] });
  await db.execute(sql`checkpoint`);
  const t0 = performance.now();
  for (const batch of workerBatches) await ingestTelemetry({ db, batch });
  const ingestedMs = performance.now() - t0;
  const head = await headSeq();
  while ((await checkpoint()) < head) await new Promise((resolve) => setTimeout(resolve, 20));
  const evaluatedMs = performance.now() - t0;
  stop();
  const rows = rowsIn(workerBatches);
  const inWorker = { rate: (rows * 1000) / ingestedMs, evaluatedRate: (rows * 1000) / evaluatedMs, afterMs: evaluatedMs - ingestedMs };
  const after = await ingestOnly();
  return {
    vehicles: vehicleIds.length,
    rowsPerBatch: rowsOf(batchAt(1)),
    dueLatencies,
    expected: expectedVehicles.length,
    notSeen,
    statusRows,
    without: { before, after },
    everyBatch,
    paced,
    alone,
    worker: inWorker,
  };
};

/** The figures as `npm run bench` table rows: [what, figure, limit / compare, target, met]. */
export const maintenanceRows = (result: MaintenanceBenchResult, seconds: number): [string, string, string, string, boolean | undefined][] => {
  const rate = (value: number) => `${Math.round(value).toLocaleString("en-US")} rows/s`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const latencies = result.dueLatencies;
  const missed = result.expected - latencies.length;
  const without = (result.without.before + result.without.after) / 2;
  const share = (value: number) => `${((value / without) * 100).toFixed(0)} %`;
  const inProcess = ({ rate: value, ingestMs, evaluateMs }: InProcess) =>
    `${rate(value)} (a batch: ingest ${ingestMs.toFixed(0)} ms + processor ${evaluateMs.toFixed(0)} ms) → ${share(value)}`;
  return [
    [
      `maintenance: ${result.vehicles} vehicles on 2 programs (${result.statusRows} statuses), 1 Hz, processor in a worker: a reading past due → overdue`,
      `p50 ${s(percentile(latencies, 50))} p95 ${s(percentile(latencies, 95))} max ${s(latencies.at(-1) ?? NaN)} ` +
        `(${latencies.length} crossings, ${missed} not seen${result.notSeen.length ? `: ${result.notSeen.join("; ")}` : ""})`,
      "from the crossing batch's ack to the status read back (polled every 250 ms)",
      "≤ 60 s",
      missed === 0 && (latencies.at(-1) ?? Infinity) <= 60_000,
    ],
    [
      `  ingestTelemetry + maintenance processor in process, after every ${PACED_EVERY}th batch (its pace at 1 Hz), ` +
        `${seconds} batches × ${result.rowsPerBatch} rows`,
      inProcess(result.paced),
      `without the processor: ${rate(result.without.before)} before, ${rate(result.without.after)} after`,
      "≥ 80 % of without",
      result.paced.rate >= 0.8 * without,
    ],
    ["  the same, the processor after each batch (unpaced, its harshest)", inProcess(result.everyBatch), "", "", undefined],
    [
      `  the processor alone over the rows ingested without it, a run each ${PACED_EVERY} batches`,
      `${result.alone.runMs.toFixed(0)} ms a batch`,
      `of which reading the committed rows (its stat samples) ${result.alone.readMs.toFixed(0)} ms`,
      "",
      undefined,
    ],
    [
      "  the processor in a worker process (as deployed), batches back to back",
      `${rate(result.worker.rate)} → ${share(result.worker.rate)}; ` +
        `until evaluated ${rate(result.worker.evaluatedRate)} → ${share(result.worker.evaluatedRate)}`,
      `evaluated ${s(result.worker.afterMs)} after the last batch (its runs are ${PACED_EVERY} s apart)`,
      "≥ 80 % of without",
      result.worker.rate >= 0.8 * without,
    ],
  ];
};
