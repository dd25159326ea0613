// `npm run bench`: every scale figure in ONE table, on PostgreSQL (DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped).
// BENCH_SECONDS (default 60) sets the sustained run; BENCH_VEHICLES (default 10,000) the fleet;
// BENCH_PHASES (default all) runs only the listed phases, e.g. BENCH_PHASES=api,sustained (names in PHASES).
// BENCH_ELD_DRIVERS (default 100) and BENCH_ELD_DAYS (default 8) size the eld-export phase (at most BENCH_VEHICLES drivers).
// BENCH_PROCESSORS=off runs the sustained phase without the telemetry processors (default: all of them in a worker process, as
// deployed), BENCH_PROCESSORS=alerts,trips (names in TELEMETRY_PROCESSORS) with only those.
// On Citus: DATABASE_URL=postgres://postgres@127.0.0.1:5441/fleet (scripts/citus-cluster.sh start);
// the fresh database is made on every node, BENCH_CITUS_SHARDS (default 32) shards per table.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync, rmSync } from "node:fs";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, useDatabase } from "@/db/client";
import { queryRows } from "@/db/rows";
import { migrateDatabase } from "@/db/migrate";
import { companies, feedCounters, telemetryCheckpoints, vehicles } from "@/db/schema";
import { TELEMETRY_PROCESSORS } from "@/lib/runtime/boot/start-fleet-reactions";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { seedIngestToken } from "@/lib/ingestion/batch";
import { catchUpRollups, refreshRollups } from "@/lib/telemetry/rollups/refresh-rollups";
import { ensurePartitions, ingestTelemetry, type PositionReport } from "@/lib/telemetry/store";
import { listVehicleStates, listVehicleStateVersions } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { STAT_TYPE_NAMES } from "@/lib/interfaces/fleet-api/records/stats-record";
import * as batchRoute from "@/app/ingest/batch/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as historyRoute from "@/app/fleet/vehicles/locations/history/route";
import * as feedRoute from "@/app/fleet/vehicles/locations/feed/route";
import { createTestApiKey } from "@/tests/helpers/api-keys";
import { createScratchDatabase } from "@/tests/helpers/scratch-database";
import { measure, measureThroughput, summarize } from "./measure";
import { benchIngestWithDetectors } from "./ingest-detectors";
import { benchMaintenance, maintenanceRows } from "./maintenance";
import { benchProtocolsFromEnv, benchTrackers, P99_TARGET_MS, totalOf, TRACKER_PHASES, trackerLoadFromEnv } from "./trackers";
import { benchVehicleImport } from "./vehicle-import";
import { benchEldExport } from "./eld-export";
import { startWorkerProcess } from "./worker-process";
import { startCpuAccount } from "./cpu-usage";

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `scale_bench_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const rows: [string, string, string, string][] = [];
/** A table row; `met` says whether the figure meets its target (printed beside it). */
const row = (what: string, figure: string, limit: string, target: string, met?: boolean) => {
  if (met !== undefined) target = `${target}: ${met ? "met" : "NOT met"}`;
  rows.push([what, figure, limit, target]);
  console.log(`  ${what}: ${figure}  |  ${limit}  |  ${target}`);
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
// "maintenance" last: its telemetry is stamped after everything the others wrote (bench/maintenance.ts).
const PHASES = ["copy", "burst", "api", "history", "feed", "sustained", ...TRACKER_PHASES, "import", "detectors", "eld-export", "maintenance"] as const;
const only = process.env.BENCH_PHASES?.split(",").map((phase) => phase.trim());
const unknown = only?.filter((phase) => !(PHASES as readonly string[]).includes(phase));
if (unknown?.length) throw new Error(`BENCH_PHASES: unknown ${unknown.join(", ")} (phases: ${PHASES.join(", ")})`);
const runs = (phase: (typeof PHASES)[number]) => !only || only.includes(phase);
// The process's RSS after each phase, and at the end after a forced full collection: a leak keeps
// growing across phases and survives the collection; a larger working set does not.
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const rssAfter: string[] = [];
const endPhase = (phase: string) => rssAfter.push(`${phase} ${mib(process.memoryUsage().rss)}`);
const rate = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;

const admin = new Client({ connectionString: baseUrl });
/** "PostgreSQL 15.x", and on Citus its version, nodes and shards per table. */
const describeDatabase = async () => {
  const postgres = `PostgreSQL ${(await admin.query("show server_version")).rows[0].server_version}`;
  if (!scratch.citus) return postgres;
  const [citus] = await queryRows<{ version: string; workers: number; shards: number }>(
    handle.db,
    sql`select (select extversion from pg_extension where extname = 'citus') as version, (select count(*)::int from pg_dist_node where groupid <> 0) as workers,
          (select count(*)::int from pg_dist_shard where logicalrelid = 'vehicles'::regclass) as shards`,
  );
  return `${postgres} + Citus ${citus.version} (coordinator + ${citus.workers} workers on this machine, ${citus.shards} shards a table)`;
};
admin.on("error", (error) => console.error("[bench] admin connection:", error.message));
await admin.connect();
const scratch = await createScratchDatabase({ adminUrl: baseUrl, name, shardCount: Number(process.env.BENCH_CITUS_SHARDS ?? 32) });
const handle = openDatabase({ url });
const csvFile = `/tmp/${name}.csv`;
try {
  const { db } = handle;
  await migrateDatabase(handle);
  useDatabase(handle);
  console.log(`seeding ${VEHICLES} vehicles ...`);
  await seedDemo({ db, liveVehicles: VEHICLES });
  const token = (await seedIngestToken({ db }))!;
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const ids = (
    await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(sql`company_id = ${demo.id} and dataset = 'live'`)
      .orderBy(vehicles.id)
  ).map((v) => v.id);
  const { key } = await createTestApiKey({ db, companyId: demo.id });
  const tenant = { companyId: demo.id, dataset: "live" as const };
  const now = Date.now();
  await ensurePartitions({ db, from: new Date(now - 36 * 86_400_000), to: new Date(now + 86_400_000) });
  // Records with their properties written out, as POST /ingest/batch and the simulator build them:
  // `{ ...tenant, vehicleId, ... }` gives each object its own V8 hidden class, and reading 10,000 of
  // those took ingestion's checks 30 ms instead of 4.
  const { companyId, dataset } = tenant;
  const positionsAt = (time: Date, s: number): PositionReport[] =>
    ids.map((vehicleId, i) => ({
      companyId,
      dataset,
      vehicleId,
      time,
      latitude: 41.8 + i / 1e5 + s / 1e5,
      longitude: -87.7 + s / 1e5,
      speed: 11,
      heading: 90,
    }));

  // 1. The limit: a bare COPY of the same rows through psql, three times (it varies by ±15 % run to
  //    run here); the median is the figure.
  const copyOnce = (hoursBack: number) => {
    const copyStart = now - hoursBack * 3_600_000;
    const lines: string[] = [];
    for (let s = 0; s < 10; s++) {
      const time = new Date(copyStart + s * 1000).toISOString();
      ids.forEach((vehicleId, i) => lines.push(`${demo.id},live,${vehicleId},${time},${hoursBack * 1e7 + s * VEHICLES + i},${41.8 + i / 1e5},-87.7,11,90,0`));
    }
    writeFileSync(csvFile, `${lines.join("\n")}\n`);
    const copyStarted = performance.now();
    const copy = spawnSync(
      "psql",
      [
        url,
        "-qc",
        `\\copy vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, distance) from '${csvFile}' csv`,
      ],
      { encoding: "utf8" },
    );
    if (copy.status !== 0) throw new Error(`psql \\copy failed: ${copy.stderr}`);
    return (lines.length * 1000) / (performance.now() - copyStarted);
  };
  const copyRates = runs("copy") ? [3, 4, 5].map(copyOnce).sort((a, b) => a - b) : [];
  const copyRate = copyRates[1];
  // Settle what the COPYs left (autovacuum would otherwise analyze 300k new rows during the burst).
  await db.execute(sql`vacuum analyze`);
  endPhase("seed + copy");

  // 2. Burst ingestion through ingestTelemetry (in-process): positions only, then with one stat sample each.
  // The batches are built before the clock starts, as the COPY's file is written before its clock starts.
  const burst = async (offsetMs: number, withStats: boolean) => {
    const batches = Array.from({ length: 10 }, (_, s) => {
      const time = new Date(now - offsetMs + s * 1000);
      const stats = withStats
        ? ids.map((vehicleId) => ({
            companyId,
            dataset,
            vehicleId,
            time,
            engineRpm: 1500,
            fuelPercent: 60,
            speed: 11,
            odometerMeters: 1e6 + s * 11,
            engineSeconds: 1e5 + s,
            engineState: "On" as const,
          }))
        : [];
      return { positions: positionsAt(time, s), stats };
    });
    const started = performance.now();
    for (const batch of batches) await ingestTelemetry({ db, batch });
    return (10 * VEHICLES * 1000) / (performance.now() - started);
  };
  // One batch first, untimed, as a running service has: the first write of a process JIT-compiles the
  // checks and creates each vehicle's state row (the COPY figure is likewise a median of warm runs).
  await ingestTelemetry({ db, batch: { positions: positionsAt(new Date(now - 2 * 3_600_000 - 60_000), 0) } });
  console.log(`\nmachine: ${os.cpus().length} cores; database: ${await describeDatabase()}; ${VEHICLES} vehicles\n`);
  if (runs("burst")) {
    const burstRate = await burst(2 * 3_600_000, false);
    const burstWithStats = await burst(3_600_000, true);
    const copyFigure = copyRate ? `${rate(copyRate)} → ${((burstRate / copyRate) * 100).toFixed(0)} %` : "not run";
    row(
      "ingestTelemetry, 10 batches × 10k positions",
      rate(burstRate),
      `bare COPY (psql \\copy, median of 3: ${copyRates.map(rate).join(", ")}): ${copyFigure}`,
      "≥ 40 % of COPY",
      copyRate ? burstRate / copyRate >= 0.4 : undefined,
    );
    row("ingestTelemetry, 10k positions + 10k stats a batch", `${rate(burstWithStats)} positions (+ as many stats)`, "", "");
    endPhase("burst");
  }

  // 3. Public API against the bare SQL it runs.
  const resetBuckets = () => db.execute(sql`delete from rate_limit_buckets`);
  const call = (handler: (request: Request, context: { params: Promise<any> }) => Promise<Response>, path: string) => async () => {
    const response = await handler(new Request(`http://bench${path}`, { headers: { authorization: `Bearer ${key}`, [CLIENT_IP_HEADER]: "127.0.0.1" } }), {
      params: Promise.resolve({}),
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.arrayBuffer(); // the bytes a server hands to its socket: decoding them is the client's work
  };
  // A snapshot request reads the page's state versions, and full states only for records not cached.
  const types = STAT_TYPE_NAMES.join(",");
  for (const [label, path, handler, withLocationOnly] of !runs("api")
    ? []
    : ([
        ["GET /fleet/vehicles/locations?limit=512", "/fleet/vehicles/locations?limit=512", locationsRoute.GET, true],
        ["GET /fleet/vehicles/stats?limit=512 (all types)", `/fleet/vehicles/stats?limit=512&types=${types}`, statsRoute.GET, false],
      ] as const)) {
    const api = await measure(200, call(handler, path), resetBuckets);
    const versions = await measure(200, () => listVehicleStateVersions({ db, ...tenant, limit: 513, withLocationOnly }));
    const states = await measure(200, () => listVehicleStates({ db, ...tenant, limit: 513, withLocationOnly }));
    row(
      `${label} (in-process)`,
      `p50 ${ms(api.p50)} p99 ${ms(api.p99)}`,
      `bare SQL: versions p50 ${ms(versions.p50)}, full states p50 ${ms(states.p50)}`,
      "p50 ≤ 2 × bare + 3 ms",
      api.p50 <= 2 * versions.p50 + 3,
    );
    // 8 in flight; the bucket is refilled every 40 requests so the plan's quota does not cap a capacity figure.
    const perSecond = await measureThroughput({ total: 1200, concurrency: 8, run: call(handler, path), between: resetBuckets, every: 40 });
    row(`  ${label}, 8 requests in flight`, `${Math.round(perSecond)} req/s`, "", "≥ 300 req/s", perSecond >= 300);
    endPhase(label.split("?")[0]);
  }

  if (runs("history")) {
    // 4. 35-day history of one vehicle (5-s positions, 604,800 rows), from the rollups vs from raw rows.
    const vehicleId = ids[0];
    const end = new Date(Math.floor(now / 86_400_000) * 86_400_000 - 86_400_000);
    const start = new Date(end.getTime() - 35 * 86_400_000);
    await db.execute(sql`insert into vehicle_positions (company_id, dataset, vehicle_id, time, seq, latitude, longitude, speed, heading, distance)
      select ${demo.id}, 'live', ${vehicleId}, ${start.toISOString()}::timestamptz + make_interval(secs => s * 5), 10000000 + s, 41 + s / 1e7, -87, s
        % 30, 0, 55
      from generate_series(0, 35 * 17280 - 1) as s`);
    await db.execute(sql`analyze`);
    const rollupStarted = performance.now();
    await catchUpRollups({ db });
    const rollupMs = performance.now() - rollupStarted;
    const range = { start, end };
    const fromRollups = await measure(20, () => findLocationHistory({ db, ...tenant, vehicleIds: [vehicleId], range, bucketSeconds: 3600 }));
    const fromRaw = await measure(5, () => findLocationHistory({ db, ...tenant, vehicleIds: [vehicleId], range, bucketSeconds: 3600, source: "raw" }));
    const historyApi = await measure(
      20,
      call(historyRoute.GET, `/fleet/vehicles/locations/history?vehicleIds=${vehicleId}&startTime=${start.toISOString()}&endTime=${end.toISOString()}`),
      resetBuckets,
    );
    row(
      "35-day location history, 1 vehicle (bare SQL, rollups)",
      `p50 ${ms(fromRollups.p50)} p99 ${ms(fromRollups.p99)}`,
      `raw rows: p50 ${ms(fromRaw.p50)}; via API p50 ${ms(historyApi.p50)}`,
      "< 100 ms",
      fromRollups.p99 < 100,
    );
    row("rollup job catch-up (35 d + bench data, from empty)", ms(rollupMs), "", "");
    endPhase("history + rollups");
  }

  if (runs("feed")) {
    // 5. Caught-up feed poll.
    let cursor = "";
    for (let page = 0; page < 100; page++) {
      const body = JSON.parse(
        new TextDecoder().decode(
          await call(feedRoute.GET, `/fleet/vehicles/locations/feed?limit=512${cursor ? `&after=${encodeURIComponent(cursor)}` : ""}`)(),
        ),
      );
      await resetBuckets();
      cursor = body.pagination.endCursor;
      if (!body.pagination.hasNextPage) break;
    }
    const feed = await measure(200, call(feedRoute.GET, `/fleet/vehicles/locations/feed?after=${encodeURIComponent(cursor)}`), resetBuckets);
    row("caught-up feed poll (handler time)", `p50 ${ms(feed.p50)} p99 ${ms(feed.p99)}`, "", "< 10 ms", feed.p99 < 10);
    endPhase("feed");
  }

  if (runs("sustained")) {
    // 6. Sustained: one batch of every vehicle's position (and every 5th vehicle's stats) each second
    //    through POST /ingest/batch, while an API loop reads locations and the rollup job runs.
    await refreshRollups({ db });
    // Points are stamped LAG seconds before they are sent. The default (run length + 5 s) puts every
    // point past the rollup watermark: a late row, also queued in rollup_dirty (the harder case).
    // BENCH_LAG_SECONDS=1 models a live gateway's buffering.
    const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? SECONDS + 5);
    const sustainedStart = Date.now() - LAG_SECONDS * 1000;
    const ackTimes: number[] = [];
    const apiTimes: number[] = [];
    let running = true;
    let sent = 0;
    // GATEWAYS gateways, each posting its share of the fleet every second, concurrently (as separate gateways would).
    const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1);
    const post = async (s: number, share: number[]) => {
      const time = new Date(sustainedStart + s * 1000).toISOString();
      const body = `[${share
        .map(
          (i) =>
            `{"vehicleId":${ids[i]},"time":"${time}","latitude":${41.8 + i / 1e5 + s / 1e5},` +
            `"longitude":${-87.7 + s / 1e5},"speed":11,"heading":90` +
            `${i % 5 === s % 5 ? `,"stats":{"engineRpm":1500,"fuelPercent":60,"odometerMeters":${1e6 + s * 11},"engineState":"On"}` : ""}}`,
        )
        .join(",")}]`;
      const t0 = performance.now();
      const response = await batchRoute.POST(
        new Request("http://bench/ingest/batch", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body }),
      );
      if (response.status !== 200) throw new Error(`ingest: ${response.status} ${await response.text()}`);
      ackTimes.push(performance.now() - t0);
      sent += share.length;
    };
    const ingestLoop = async () => {
      const started = Date.now();
      const shares = Array.from({ length: GATEWAYS }, (_, g) => ids.map((_, i) => i).filter((i) => i % GATEWAYS === g));
      await Promise.all(
        shares.map(async (share) => {
          for (let s = 0; s < SECONDS; s++) {
            const wait = started + s * 1000 - Date.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            await post(s, share);
          }
        }),
      );
      return (sent * 1000) / (Date.now() - started);
    };
    const apiLoop = async () => {
      while (running) {
        await resetBuckets();
        const t0 = performance.now();
        await call(locationsRoute.GET, "/fleet/vehicles/locations?limit=512")();
        apiTimes.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const rollupLoop = async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, 15_000));
        if (running) await refreshRollups({ db });
      }
    };
    // The telemetry processors (alerts, trips, automatic driving, trailer coupling) run as the README's
    // deployment runs them: in a PROCESS_ROLE=worker process at WORKER_NICE, woken by ingestion's NOTIFY,
    // caught up with everything before (a running service). BENCH_PROCESSORS=off leaves them out.
    const processorNames = process.env.BENCH_PROCESSORS?.split(",").map((processor) => processor.trim());
    const withProcessors = processorNames?.[0] !== "off";
    const processors = TELEMETRY_PROCESSORS.filter((processor) => !processorNames || processorNames.includes(processor.name));
    if (withProcessors && processors.length !== processorNames?.length && processorNames)
      throw new Error(`BENCH_PROCESSORS: off or some of ${TELEMETRY_PROCESSORS.map((processor) => processor.name).join(", ")}`);
    if (withProcessors) {
      const [{ seq }] = await db
        .select({ seq: feedCounters.seq })
        .from(feedCounters)
        .where(sql`company_id = ${demo.id} and dataset = 'live'`);
      await db
        .insert(telemetryCheckpoints)
        .values(processors.map((processor) => ({ ...tenant, processor: processor.name, seq })))
        .onConflictDoUpdate({
          target: [telemetryCheckpoints.companyId, telemetryCheckpoints.dataset, telemetryCheckpoints.processor],
          set: { seq: sql`excluded.seq` },
        });
    }
    // Named, so that its PostgreSQL backends' CPU is told from ingestion's.
    const workerUrl = Object.assign(new URL(url), { search: "?application_name=bench_processors" }).toString();
    const stopWorker = withProcessors
      ? await startWorkerProcess({ databaseUrl: workerUrl, processors: processors.map((processor) => processor.name) })
      : Object.assign(() => {}, { pid: undefined });
    if (withProcessors) {
      // A running service's processors are in step with its moving fleet. Here every vehicle starts
      // moving at once: one untimed batch first, and the processors catch up with it before the clock
      // starts. Inside the window, that catch-up (10,000 drives starting in one transaction of the
      // automatic-driving processor) held the vacuum horizon for the whole run: no old version of
      // vehicle_state could be pruned, and every ingest and snapshot read got slower (docs/scaling.md).
      const warmStarted = performance.now();
      const warmCpu = await startCpuAccount({ db, workerPid: stopWorker.pid });
      await post(
        -1,
        ids.map((_, i) => i),
      );
      ackTimes.length = 0;
      sent = 0;
      const [{ head }] = await queryRows<{ head: number }>(db, sql`select seq as head from feed_counters where company_id = ${demo.id} and dataset = 'live'`);
      for (;;) {
        const behind = await queryRows<{ processor: string }>(
          db,
          sql`select processor from telemetry_checkpoints where company_id = ${demo.id} and dataset = 'live' and seq < ${head}`,
        );
        if (behind.length === 0) break;
        // A processor that keeps failing would hold the bench here forever (its errors are on stderr).
        if (performance.now() - warmStarted > 20 * 60_000)
          throw new Error(`processors still behind after 20 minutes: ${behind.map((row) => row.processor).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const warmMs = performance.now() - warmStarted;
      const used = await warmCpu();
      // The CPU, unlike the time, barely depends on what else the machine runs (the worker is niced).
      row(
        "  processors' catch-up with the first batch of a fleet starting to move (untimed)",
        ms(warmMs),
        `CPU: processors ${used.worker.toFixed(1)} s + theirs ${used.postgres("bench_processors").toFixed(1)} s`,
        "",
      );
    }
    // As the other timed phases: start right after a checkpoint, so that one the earlier phases' writes
    // set off (1 GB of WAL) does not land in this one by chance.
    await db.execute(sql`checkpoint`);
    console.log(`\nsustained run: ${SECONDS} s ...`);
    const cpuUsed = await startCpuAccount({ db, workerPid: stopWorker.pid });
    const loops = [apiLoop(), rollupLoop()];
    const sustainedRate = await ingestLoop().finally(() => (running = false));
    await Promise.all(loops);
    const cpu = await cpuUsed();
    stopWorker();
    const [postgres, postgresWorker] = [cpu.postgres() - cpu.postgres("bench_processors"), cpu.postgres("bench_processors")];
    const acks = summarize(ackTimes);
    const reads = summarize(apiTimes);
    row(
      `sustained ${SECONDS} s via POST /ingest/batch (${GATEWAYS} gateways × ${VEHICLES / GATEWAYS} ` +
        `points/s, 20 % with stats, ${LAG_SECONDS} s old; processors ` +
        `${withProcessors ? "in a worker process" : "off"})`,
      rate(sustainedRate),
      `ack p50 ${ms(acks.p50)} p99 ${ms(acks.p99)}`,
      "≥ 10,000/s, ack p99 < 500 ms",
      sustainedRate >= 10_000 && acks.p99 < 500,
    );
    row(
      "  public API meanwhile: GET /fleet/vehicles/locations",
      `p50 ${ms(reads.p50)} p99 ${ms(reads.p99)} (${reads.count} requests)`,
      "",
      "p99 < 100 ms",
      reads.p99 < 100,
    );
    // CPU per second of load (one batch of every vehicle): unlike the latencies it barely moves with
    // what else the machine runs, so it compares code on a loaded machine, and says how much of the cores it takes.
    const perBatch = (seconds: number) => `${Math.round((seconds * 1000) / SECONDS)} ms`;
    row(
      "  CPU per second of load (per batch)",
      `app ${perBatch(cpu.app)} + its PostgreSQL ${perBatch(postgres)}; processors ${perBatch(cpu.worker)} + theirs ${perBatch(postgresWorker)}`,
      `${perBatch(cpu.app + postgres + cpu.worker + postgresWorker)} of the ${os.cpus().length} × 1,000 ms a second has`,
      "",
    );
    endPhase("sustained");
  }

  const trackerPhases = TRACKER_PHASES.filter(runs);
  if (trackerPhases.length > 0) {
    await benchTrackers({
      db,
      databaseUrl: url,
      phases: trackerPhases,
      protocols: benchProtocolsFromEnv(),
      seconds: SECONDS,
      ...trackerLoadFromEnv(),
      onRun: (run) => {
        const total = totalOf(run);
        row(
          `${SECONDS} s of tracker connections, ${run.title}`,
          `${rate(total.rate)}, ${total.stored} of ${total.sent} stored`,
          `worst p99 ${ms(total.worstP99)} (after ${run.warmupSeconds} s: ${ms(total.worstP99AfterWarmup)})`,
          `p99 < ${P99_TARGET_MS} ms, nothing lost${run.phase === "trackers-all" ? ", ≥ 99 % of the rate" : ""}`,
          total.worstP99 < P99_TARGET_MS && total.lost === 0 && (run.phase !== "trackers-all" || total.rate >= 0.99 * total.connections * run.perSecond),
        );
        for (const each of run.protocols)
          row(
            `  ${each.protocol}: ${each.connections} connections`,
            `${rate(each.rate)}, ${each.stored} of ${each.sent} stored${each.acked === null ? "" : `, ${each.acked} answered`}`,
            `${each.ack ? `ack p50 ${ms(each.ack.p50)} p99 ${ms(each.ack.p99)}; ` : ""}in the database p50 ${ms(each.visible.p50)} p99 ${ms(each.visible.p99)}`,
            "",
          );
        row("  CPU per 1,000 fixes", `listeners and ingest ${ms(run.cpu.app)}, devices ${ms(run.cpu.devices)}, PostgreSQL ${ms(run.cpu.postgres)}`, "", "");
      },
    });
    endPhase("trackers");
  }

  if (runs("import")) {
    const imported = await benchVehicleImport({ db });
    row(
      `vehicle CSV import, ${imported.rows} rows (every column, 2 tags a row), one transaction`,
      `${ms(imported.createMs)} new, ${ms(imported.updateMs)} all existing (update)`,
      `preview (check only) ${ms(imported.previewMs)}`,
      "< 10 s",
      imported.createMs < 10_000 && imported.updateMs < 10_000,
    );
    endPhase("import");
  }

  if (runs("detectors")) {
    const detectors = await benchIngestWithDetectors({ db, kind: handle.kind, vehicleCount: VEHICLES, batchCount: Number(process.env.DETECTOR_BATCHES ?? 60) });
    row(
      `ingestTelemetry with the trip/idle/speeding detectors running, ${detectors.rows.toLocaleString("en-US")} rows (${detectors.trips} trips)`,
      `${rate(detectors.withRate)}; all detected: ${rate(detectors.caughtUpRate)} (${((detectors.caughtUpRate / detectors.withoutRate) * 100).toFixed(0)} %)`,
      `without them: ${rate(detectors.withoutRate)}`,
      "≥ 80 % of without",
      detectors.caughtUpRate >= 0.8 * detectors.withoutRate,
    );
    endPhase("detectors");
  }

  if (runs("eld-export")) {
    const count = Number(process.env.BENCH_ELD_DRIVERS ?? 100);
    const eld = await benchEldExport({ db, companyId, vehicleIds: ids.slice(0, count), days: Number(process.env.BENCH_ELD_DAYS ?? 8) });
    row(
      `ELD output files, the carrier's export of ${eld.drivers} drivers × ${eld.days} days (${eld.events.toLocaleString("en-US")} event rows, ` +
        `${Math.round(eld.bytes / 1024).toLocaleString("en-US")} KiB; seeded in ${(eld.seedMs / 1000).toFixed(0)} s)`,
      `${(eld.totalMs / 1000).toFixed(1)} s`,
      `a file p50 ${ms(eld.perFile.p50)} p99 ${ms(eld.perFile.p99)}`,
      "100 × 8 days < 60 s",
      // Judged at the target's size only: a smaller run says nothing of it.
      eld.drivers >= 100 && eld.days >= 8 ? eld.totalMs < 60_000 : undefined,
    );
    endPhase("eld-export");
  }

  if (runs("maintenance")) {
    const maintenance = await benchMaintenance({ db, databaseUrl: url, companyId: demo.id, vehicleIds: ids, seconds: SECONDS });
    for (const figures of maintenanceRows(maintenance, SECONDS)) row(...figures);
    endPhase("maintenance");
  }

  row("RSS of the process after each phase (app handlers in-process)", rssAfter.join(", "), "", "");
  // Past the phases' working sets: what is still referenced (a leak would be) and the RSS the collection leaves.
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  row(
    "  the same after a forced full GC",
    globalThis.gc ? `${mib(rss)} (V8 heap in use ${mib(heapUsed)})` : "run with --expose-gc (npm run bench does)",
    "",
    "",
  );

  const widths = [0, 1, 2, 3].map((c) => Math.max(...[["what", "figure", "limit / compare", "target"], ...rows].map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(" | ")} |`;
  console.log(`\nScale benchmarks — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${await describeDatabase()}, ${VEHICLES} vehicles\n`);
  console.log(line(["what", "figure", "limit / compare", "target"]));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
} finally {
  useDatabase(undefined);
  await handle.close();
  rmSync(csvFile, { force: true });
  await admin.end();
  await scratch.drop();
}
