// Tracker listeners under load: `npx tsx bench/trackers.ts` (also part of `npm run bench`).
// TRACKER_CONNECTIONS (default 1,000) devices, half Teltonika and half GT06, each reporting one
// fix a second for BENCH_SECONDS (default 60) to the real listeners in this process; measures the
// acknowledgement latency (Teltonika: the record count; GT06: the answer to a status packet sent
// after each fix) and checks that every acknowledged fix is stored. PostgreSQL: DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres (a fresh database, dropped afterwards).
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { Client } from "pg";
import type { Database } from "@/db/client";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { deviceLookups, devices as registeredDevices, vehiclePositions, vehicles } from "@/db/schema";
import { insertBoundDevices } from "@/lib/fleet/devices/device-bindings";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { ensurePartitions } from "@/lib/telemetry/store";
import { encodeGt06Frame, encodeGt06Response, GT06 } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Location, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { startTrackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker, type TrackerConnection } from "@/lib/ingestion/trackers/tracker-client";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";
import { summarize } from "./measure";

export type TrackerBenchResult = { connections: number; seconds: number; sent: number; acked: number; stored: number; p50: number; p99: number; rate: number };

const STATUS_ACC_ON = Buffer.from([0x46, 0x06, 0x04, 0x00, 0x02]);

/** Runs the load against a migrated database that holds at least `connections` vehicles. */
export const benchTrackers = async ({ db, connections, seconds }: { db: Database; connections: number; seconds: number }): Promise<TrackerBenchResult> => {
  const bound = await db
    .select({ id: vehicles.id, companyId: vehicles.companyId, dataset: vehicles.dataset })
    .from(vehicles)
    .orderBy(vehicles.id)
    .limit(connections);
  const ids = bound.map((row) => row.id);
  const imeiOf = (id: number) => `35${String(id).padStart(13, "0")}`;
  // The listeners find a device's vehicle in the global lookup table: the seed's devices make way for trackers.
  await db.delete(deviceLookups).where(inArray(deviceLookups.vehicleId, ids));
  await db.delete(registeredDevices).where(inArray(registeredDevices.vehicleId, ids));
  for (const tenant of new Set(bound.map((row) => `${row.companyId}:${row.dataset}`))) {
    const rows = bound.filter((row) => `${row.companyId}:${row.dataset}` === tenant);
    await insertBoundDevices({
      db,
      companyId: rows[0].companyId,
      dataset: rows[0].dataset,
      rows: rows.map((row) => ({ identifier: imeiOf(row.id), model: row.id % 2 ? "teltonika" : "gt06", vehicleId: row.id })),
    });
  }
  await ensurePartitions({ db, from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) });
  const trackers = await startTrackers({
    db,
    settings: {
      teltonikaPort: 0,
      gt06Port: 0,
      host: "127.0.0.1",
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: connections + 10,
      maxConnections: connections + 10,
      frameTimeoutMs: 30_000,
    },
  });
  const devices: { id: number; teltonika: boolean; connection: TrackerConnection }[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    devices.push(
      ...(await Promise.all(
        ids.slice(start, start + 100).map(async (id, k) => {
          const teltonika = (start + k) % 2 === 0;
          const connection = await connectTracker({ port: (teltonika ? trackers.ports.teltonika : trackers.ports.gt06)!, timeoutMs: 30_000 });
          connection.send(teltonika ? encodeTeltonikaImei(imeiOf(id)) : encodeGt06Login(imeiOf(id), 1));
          if (!(await connection.read(teltonika ? 1 : 10))) throw new Error(`device ${id} was refused`);
          return { id, teltonika, connection };
        }),
      )),
    );
  }
  const acks: number[] = [];
  let sent = 0;
  const startedAt = Date.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    devices.map(async ({ id, teltonika, connection }, index) => {
      // Spread the devices over the second, as real ones are.
      let next = startedAt + ((index * 997) % 1000);
      let serial = 1;
      while (next < endAt) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
        const time = new Date(next);
        const fix = { latitude: 41.8 + (id % 100) / 1e3, longitude: -87.7 + (next - startedAt) / 1e6, speedKmh: 40, heading: 90, satellites: 9 };
        const sentAt = performance.now();
        sent++;
        if (teltonika) {
          connection.send(encodeTeltonikaPacket({ records: [{ time, fix, io: { ignition: true } }] }));
          if ((await connection.read(4))?.readUInt32BE(0) !== 1) throw new Error(`device ${id}: no acknowledgement`);
        } else {
          connection.send(
            Buffer.concat([encodeGt06Location({ time, fix, io: { ignition: true } }, ++serial), encodeGt06Frame(GT06.status, STATUS_ACC_ON, ++serial)]),
          );
          if (!(await connection.read(10))?.equals(encodeGt06Response(GT06.status, serial))) throw new Error(`device ${id}: no status answer`);
        }
        acks.push(performance.now() - sentAt);
        next += 1000;
      }
    }),
  );
  const elapsed = (Date.now() - startedAt) / 1000;
  for (const { connection } of devices) connection.end();
  await trackers.close();
  // GT06 times are whole seconds: a fix sent in the first second may be stamped just before the start.
  const [{ stored }] = await db
    .select({ stored: sql<number>`count(*)::int` })
    .from(vehiclePositions)
    .where(sql`${inArray(vehiclePositions.vehicleId, ids)} and ${vehiclePositions.time} >= ${new Date(startedAt - 1000).toISOString()}::timestamptz`);
  const latency = summarize(acks);
  return { connections, seconds, sent, acked: acks.length, stored, p50: latency.p50, p99: latency.p99, rate: acks.length / elapsed };
};

export const describeTrackerBench = (result: TrackerBenchResult) =>
  `${result.rate.toFixed(0)} fixes/s acknowledged (${result.acked} of ${result.sent} sent, ` +
  `${result.stored} stored), ack p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const connections = Number(process.env.TRACKER_CONNECTIONS ?? 1_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `tracker_bench_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const handle = openDatabase({ url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString() });
  try {
    await migrateDatabase(handle);
    await seedDemo({ db: handle.db, liveVehicles: connections });
    console.log(`${connections} tracker connections × 1 fix/s for ${seconds} s ...`);
    const result = await benchTrackers({ db: handle.db, connections, seconds });
    console.log(describeTrackerBench(result));
    if (result.stored !== result.acked) throw new Error(`lost fixes: ${result.acked} acknowledged, ${result.stored} stored`);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
