// POST /ingest/batch latency alone: 10k-point batches (20 % with stats), one after another, on PostgreSQL.
// Run: npx tsx bench/ingest-profile.ts   (ROUNDS, BENCH_VEHICLES, DATABASE_URL; LATE=1: every point below the rollup
// watermark; KEEP=1 keeps the database for EXPLAIN (ANALYZE, BUFFERS) by hand)
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { openDatabase, useDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { companies, vehicles } from "@/db/schema";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { seedIngestToken } from "@/lib/ingestion/batch";
import { ensurePartitions } from "@/lib/telemetry/store";
import * as batchRoute from "@/app/ingest/batch/route";
import { createScratchDatabase } from "@/tests/helpers/scratch-database";
import { summarize } from "./measure";
import { startCpuAccount } from "./cpu-usage";

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `ingest_profile_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
// On a Citus coordinator (DATABASE_URL=postgres://postgres@127.0.0.1:5441/fleet) the database is made on every node.
const scratch = await createScratchDatabase({ adminUrl: baseUrl, name, shardCount: Number(process.env.BENCH_CITUS_SHARDS ?? 32) });
const handle = openDatabase({ url });
try {
  const { db } = handle;
  await migrateDatabase(handle);
  useDatabase(handle);
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
  const start = Date.now() - 600_000;
  await ensurePartitions({ db, from: new Date(start), to: new Date() });
  // LATE=1: every point lands below the rollup watermark (a late row, queued in rollup_dirty).
  if (process.env.LATE) await db.execute(sql`update rollup_progress set watermark = now()`);
  const times: number[] = [];
  let cpuUsed: Awaited<ReturnType<typeof startCpuAccount>> | undefined;

  for (let s = 0; s < ROUNDS; s++) {
    if (s === 3) cpuUsed = await startCpuAccount({ db });
    const time = new Date(start + s * 1000).toISOString();
    const body = `[${ids
      .map(
        (id, i) =>
          `{"vehicleId":${id},"time":"${time}","latitude":${41.8 + i / 1e5 + s / 1e5},` +
          `"longitude":${-87.7 + s / 1e5},"speed":11,"heading":90` +
          `${i % 5 === s % 5 ? `,"stats":{"engineRpm":1500,"fuelPercent":60,"odometerMeters":${1e6 + s * 11},"engineState":"On"}` : ""}}`,
      )
      .join(",")}]`;
    const t0 = performance.now();
    const response = await batchRoute.POST(
      new Request("http://bench/ingest/batch", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body }),
    );
    if (response.status !== 200) throw new Error(await response.text());
    times.push(performance.now() - t0);
  }
  const r = summarize(times.slice(3));
  // CPU a batch compares code on a loaded machine, where the latencies do not.
  const cpu = await cpuUsed!();
  const perBatch = (seconds: number) => `${((seconds * 1000) / (ROUNDS - 3)).toFixed(1)} ms`;
  const postgres = cpu.postgres();
  console.log(
    `POST /ingest/batch ${VEHICLES} points: p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms; ` +
      `CPU a batch: app ${perBatch(cpu.app)} (building the body included), PostgreSQL ${perBatch(postgres)}`,
  );
} finally {
  useDatabase(undefined);
  await handle.close();
  if (process.env.KEEP) console.log(`kept ${url}`);
  else await scratch.drop();
}
