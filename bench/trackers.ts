// Tracker listeners under load (issue 37): `npx tsx bench/trackers.ts`, and rows of `npm run bench`.
// Two phases (BENCH_PHASES names, default both):
// - `trackers`: each protocol of bench/tracker-protocols.ts alone, TRACKER_CONNECTIONS (default 1,000) devices
//   each sending one fix a second for BENCH_SECONDS (default 60);
// - `trackers-all`: every protocol at once, TRACKER_TOTAL_RATE (default 10,000) fixes a second in all, from
//   devices sending TRACKER_FIXES_PER_SECOND (default 1) each: as many connections as that takes, spread evenly.
// TRACKER_PROTOCOLS (default all) names the protocols. The devices run in a process of their own
// (bench/tracker-devices.ts) against the real listeners in this one. The latency of a protocol that answers a
// fix is from the frame sent to its answer; of one that does not (GT06 GPS packets, GPS103 reports), to the
// row visible in the database (read on each commit's notification); both are shown where both exist.
// "Lost": a fix sent and not stored (counted in the database afterwards), or not answered. The same latency is also
// given without the first BENCH_WARMUP_SECONDS (default 10) of fixes: the start (cold code and connections) apart.
// PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres (a fresh database, dropped afterwards).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { Client } from "pg";
import type { Database } from "@/db/client";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { analyzeTables } from "@/db/analyze-tables";
import { devices as deviceRows, vehiclePositions, vehicles, vehicleState } from "@/db/schema";
import { insertCompany } from "@/lib/access/companies/create-company";
import { insertBoundDevices } from "@/lib/fleet/devices/device-bindings";
import { operatorActor } from "@/lib/platform/audit";
import { startTrackers } from "@/lib/ingestion/trackers/start-trackers";
import { ensurePartitions, ingestTelemetry } from "@/lib/telemetry/store";
import { startCpuAccount } from "./cpu-usage";
import type { DevicePlan, DeviceResults, ProtocolFigures } from "./tracker-devices";
import { BENCH_PROTOCOLS, type BenchProtocol } from "./tracker-protocols";

export const TRACKER_PHASES = ["trackers", "trackers-all"] as const;
export type TrackerPhase = (typeof TRACKER_PHASES)[number];

/** A protocol's figures in one run: the devices' and the rows counted in the database. */
export type ProtocolRun = ProtocolFigures & { stored: number; rate: number };
export type TrackerRun = {
  title: string;
  phase: TrackerPhase;
  perSecond: number;
  seconds: number;
  warmupSeconds: number;
  protocols: ProtocolRun[];
  /** CPU milliseconds per 1,000 fixes: this process (listeners, ingest), the devices' and PostgreSQL's (its backends for this database). */
  cpu: { app: number; devices: number; postgres: number };
};

/** The targets: ack (or stored, where nothing is answered) p99 < 300 ms, nothing lost; 10,000 fixes/s in all at once. */
export const P99_TARGET_MS = 300;
export const latencyOf = (run: ProtocolRun) => run.ack ?? run.visible;
export const lostOf = (run: ProtocolRun) => run.sent - run.stored + (run.acked === null ? 0 : run.sent - run.acked);

const dataset = "live" as const;
let vehicleCount = 0;

/** `count` vehicles of the bench's company, each with a device of `protocol` bound to it. */
const createFleet = async ({ db, companyId, protocol, count }: { db: Database; companyId: number; protocol: BenchProtocol; count: number }) => {
  const ids: number[] = [];
  for (let at = 0; at < count; at += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - at) }, () => {
      vehicleCount += 1;
      return { companyId, dataset, vin: `BENCH${String(vehicleCount).padStart(12, "0")}`, name: `${protocol.name} ${vehicleCount}` };
    });
    ids.push(...(await db.insert(vehicles).values(rows).returning({ id: vehicles.id })).map((row) => row.id));
  }
  await insertBoundDevices({
    db,
    companyId,
    dataset,
    rows: ids.map((vehicleId) => ({ identifier: protocol.identifier(vehicleId), model: protocol.name, vehicleId })),
  });
  return ids;
};

/**
 * The fleet as a running service has it: each vehicle has reported before (an hour ago: its state row exists) and the
 * planner has statistics of the vehicles, their devices and states. Without them the first writes were planned for a
 * company with none, and the plans changed whenever autovacuum got round to analysing the tables mid-run.
 */
const reportedBefore = async ({ db, companyId, vehicleIds }: { db: Database; companyId: number; vehicleIds: number[] }) => {
  const time = new Date(Date.now() - 3_600_000);
  const positions = vehicleIds.map((vehicleId) => ({ companyId, dataset, vehicleId, time, latitude: 41.88, longitude: -87.63 }));
  await ingestTelemetry({ db, batch: { positions } });
  await analyzeTables({ db, tables: [vehicles, deviceRows, vehicleState] });
};

/** Runs bench/tracker-devices.ts with `plan`; `onConnected` once every device is connected and bound. */
const runDevices = (plan: DevicePlan, onConnected: () => Promise<void>) =>
  new Promise<DeviceResults>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/tracker-devices.ts"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (message: DeviceResults | { connected: number }) => {
      if ("connected" in message) void onConnected().catch(reject);
      else resolve(message);
    });
    child.on("exit", (code) => code !== 0 && reject(new Error(`bench/tracker-devices.ts exited with ${code}`)));
    child.send(plan);
  });

/** Runs the phases against a migrated PostgreSQL database (`databaseUrl` is `db`'s, for the devices' reader). */
export const benchTrackers = async ({
  db,
  databaseUrl,
  phases = TRACKER_PHASES,
  protocols = BENCH_PROTOCOLS,
  connections = 1_000,
  seconds,
  warmupSeconds = 10,
  totalRate = 10_000,
  perSecond = 1,
  onRun,
}: {
  db: Database;
  databaseUrl: string;
  phases?: readonly TrackerPhase[];
  protocols?: readonly BenchProtocol[];
  /** Devices per protocol in the `trackers` phase. */
  connections?: number;
  seconds: number;
  /** The first seconds left out of the latency after warm-up. */
  warmupSeconds?: number;
  /** Fixes a second of all protocols together in the `trackers-all` phase, from devices sending `perSecond` each. */
  totalRate?: number;
  perSecond?: number;
  onRun?: (run: TrackerRun) => void;
}): Promise<TrackerRun[]> => {
  const company = await insertCompany({
    db,
    input: { name: `Tracker bench ${randomBytes(3).toString("hex")}`, timeZone: "UTC", distanceUnit: "km" },
    actor: operatorActor("bench"),
  });
  const perAll = Math.ceil(totalRate / protocols.length / perSecond);
  const most = Math.max(phases.includes("trackers") ? connections : 0, phases.includes("trackers-all") ? perAll * protocols.length : 0);
  // The run's partitions made beforehand: their DDL in the first flush would stall every connection behind it.
  await ensurePartitions({ db, from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) });
  const trackers = await startTrackers({
    db,
    settings: {
      teltonikaPort: null,
      gt06Port: null,
      ...Object.fromEntries(protocols.map((protocol) => [`${protocol.name}Port`, 0])),
      host: "127.0.0.1",
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: most + 10,
      maxConnections: most + 10,
      frameTimeoutMs: 30_000,
    },
  });
  const ports = Object.fromEntries(protocols.map((protocol) => [protocol.name, trackers.ports[protocol.name as keyof typeof trackers.ports] as number]));
  const runs: TrackerRun[] = [];
  const measure = async (title: string, phase: TrackerPhase, group: readonly BenchProtocol[], count: number, rate: number) => {
    const fleets = new Map<string, number[]>();
    for (const protocol of group) fleets.set(protocol.name, await createFleet({ db, companyId: company.id, protocol, count }));
    await reportedBefore({ db, companyId: company.id, vehicleIds: [...fleets.values()].flat() });
    const devices = group.flatMap((protocol) =>
      fleets.get(protocol.name)!.map((vehicleId) => ({ protocol: protocol.name, vehicleId, identifier: protocol.identifier(vehicleId) })),
    );
    // Interleaved, so that each protocol's devices spread over the second like the others'.
    devices.sort((a, b) => fleets.get(a.protocol)!.indexOf(a.vehicleId) - fleets.get(b.protocol)!.indexOf(b.vehicleId));
    let cpuUsed: Awaited<ReturnType<typeof startCpuAccount>> | null = null;
    const results = await runDevices(
      { databaseUrl, tenant: { companyId: company.id, dataset }, host: "127.0.0.1", ports, devices, seconds, perSecond: rate, warmupSeconds },
      async () => void (cpuUsed = await startCpuAccount({ db })),
    );
    const cpu = await cpuUsed!();
    await trackers.queue.drain();
    const figures: ProtocolRun[] = [];
    for (const each of results.figures) {
      const [{ stored }] = await db
        .select({ stored: sql<number>`count(*)::int` })
        .from(vehiclePositions)
        .where(
          and(
            eq(vehiclePositions.companyId, company.id),
            inArray(vehiclePositions.vehicleId, fleets.get(each.protocol)!),
            gte(vehiclePositions.time, new Date(results.stampFrom)),
            lt(vehiclePositions.time, new Date(results.stampTo)),
          ),
        );
      // Fixes stored a second, until the last was answered or seen: a run the ingest fell behind takes longer than it sent.
      figures.push({ ...each, stored, rate: stored / Math.max(results.elapsedSeconds, each.doneSeconds) });
    }
    const sent = figures.reduce((total, each) => total + each.sent, 0);
    const per1000Fixes = (seconds: number) => (seconds * 1e6) / sent;
    const run: TrackerRun = {
      title,
      phase,
      perSecond: rate,
      seconds,
      warmupSeconds,
      protocols: figures,
      cpu: {
        app: per1000Fixes(cpu.app),
        devices: per1000Fixes(results.cpuSeconds),
        postgres: per1000Fixes(cpu.postgres() - cpu.postgres("bench_tracker_watcher")),
      },
    };
    runs.push(run);
    onRun?.(run);
  };
  try {
    if (phases.includes("trackers"))
      for (const protocol of protocols) await measure(`${protocol.name}: ${connections} connections × 1 fix/s`, "trackers", [protocol], connections, 1);
    if (phases.includes("trackers-all"))
      await measure(
        `all ${protocols.length} protocols at once: ${perAll} connections each × ${perSecond} fix/s (${totalRate.toLocaleString("en-US")}/s in all)`,
        "trackers-all",
        protocols,
        perAll,
        perSecond,
      );
  } finally {
    await trackers.close();
  }
  return runs;
};

const ms = (value: number) => `${Math.round(value)} ms`;

/** One line a protocol: sent / answered / stored, the latencies, the rate, and whether it meets the target. */
export const describeProtocolRun = (run: ProtocolRun, warmupSeconds: number) =>
  `${run.protocol.padEnd(9)} ${String(run.connections).padStart(5)} conns  sent ${run.sent}  acked ${run.acked ?? "(none answered)"}  stored ${run.stored}  ` +
  `ack p50 ${run.ack ? ms(run.ack.p50) : "—"} p99 ${run.ack ? ms(run.ack.p99) : "—"}  visible p50 ${ms(run.visible.p50)} p99 ${ms(run.visible.p99)}  ` +
  `after ${warmupSeconds} s p50 ${ms(run.afterWarmup.p50)} p99 ${ms(run.afterWarmup.p99)}  ` +
  `${Math.round(run.rate)}/s  send lag p99 ${ms(run.sendLag.p99)}  ` +
  `${latencyOf(run).p99 < P99_TARGET_MS && lostOf(run) === 0 ? "target met" : "target NOT met"}`;

/** The run's totals: every protocol's fixes together. */
export const totalOf = (run: TrackerRun) => {
  const sum = (pick: (each: ProtocolRun) => number) => run.protocols.reduce((total, each) => total + pick(each), 0);
  const worst = Math.max(...run.protocols.map((each) => latencyOf(each).p99));
  const worstAfterWarmup = Math.max(...run.protocols.map((each) => each.afterWarmup.p99));
  return {
    connections: sum((each) => each.connections),
    sent: sum((each) => each.sent),
    stored: sum((each) => each.stored),
    lost: sum(lostOf),
    rate: sum((each) => each.rate),
    worstP99: worst,
    worstP99AfterWarmup: worstAfterWarmup,
  };
};

export const describeTrackerRun = (run: TrackerRun) => {
  const total = totalOf(run);
  return [
    run.title,
    ...run.protocols.map((each) => `  ${describeProtocolRun(each, run.warmupSeconds)}`),
    `  total     ${total.connections} conns  sent ${total.sent}  stored ${total.stored}  lost ${total.lost}  ` +
      `${Math.round(total.rate)}/s  worst p99 ${ms(total.worstP99)} (after ${run.warmupSeconds} s: ${ms(total.worstP99AfterWarmup)})`,
    `  CPU per 1,000 fixes: listeners and ingest ${ms(run.cpu.app)}, devices ${ms(run.cpu.devices)}, PostgreSQL ${ms(run.cpu.postgres)}`,
  ].join("\n");
};

/** The protocols TRACKER_PROTOCOLS names (default all). */
export const benchProtocolsFromEnv = () => {
  const names = process.env.TRACKER_PROTOCOLS?.split(",").map((name) => name.trim());
  const unknown = names?.filter((name) => !BENCH_PROTOCOLS.some((protocol) => protocol.name === name));
  if (unknown?.length) throw new Error(`TRACKER_PROTOCOLS: unknown ${unknown.join(", ")} (${BENCH_PROTOCOLS.map((protocol) => protocol.name).join(", ")})`);
  return names ? BENCH_PROTOCOLS.filter((protocol) => names.includes(protocol.name)) : BENCH_PROTOCOLS;
};

/** TRACKER_CONNECTIONS, TRACKER_TOTAL_RATE, TRACKER_FIXES_PER_SECOND and BENCH_WARMUP_SECONDS. */
export const trackerLoadFromEnv = () => ({
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 10),
  connections: Number(process.env.TRACKER_CONNECTIONS ?? 1_000),
  totalRate: Number(process.env.TRACKER_TOTAL_RATE ?? 10_000),
  perSecond: Number(process.env.TRACKER_FIXES_PER_SECOND ?? 1),
});

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const phases = (process.env.BENCH_PHASES?.split(",").map((phase) => phase.trim()) ?? TRACKER_PHASES) as TrackerPhase[];
  const unknown = phases.filter((phase) => !TRACKER_PHASES.includes(phase));
  if (unknown.length) throw new Error(`BENCH_PHASES: unknown ${unknown.join(", ")} (phases: ${TRACKER_PHASES.join(", ")})`);
  const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `tracker_bench_${randomBytes(4).toString("hex")}`;
  const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handle = openDatabase({ url });
  let missed = false;
  try {
    await migrateDatabase(handle);
    await benchTrackers({
      db: handle.db,
      databaseUrl: url,
      phases,
      protocols: benchProtocolsFromEnv(),
      seconds,
      ...trackerLoadFromEnv(),
      onRun: (run) => {
        console.log(describeTrackerRun(run));
        missed ||= run.protocols.some((each) => lostOf(each) > 0);
      },
    });
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (missed) throw new Error("fixes were lost (sent and not stored or not answered)");
}
