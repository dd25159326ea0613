// Times the simulator's first-start backfill, then its live ticks one second apart (SIM_TICK_MS=1000):
// `npx tsx bench/simulator-backfill.ts [vehicles] [days] [ticks]`. A tick that takes over a second
// cannot keep 1 Hz. Uses an in-memory PGlite, or PostgreSQL when DATABASE_URL is set (its database must be empty).
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { createFleetSimulator } from "@/lib/runtime/simulator/fleet-simulator";

const vehicles = Number(process.argv[2] ?? 50);
const days = Number(process.argv[3] ?? 7);
const ticks = Number(process.argv[4] ?? 1);
const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir: "memory://" });
await migrateDatabase(handle);
await seedDemo({ db: handle.db, liveVehicles: vehicles });
const started = performance.now();
const simulator = await createFleetSimulator({ db: handle.db, seed: 1, backfillMs: days * 86_400_000 });
const { rows } = await simulator.backfill();
const seconds = (performance.now() - started) / 1000;
console.log(
  `${handle.kind}: backfill of ${days} days for ${simulator.vehicles} vehicles: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`,
);
const tickTimes: number[] = [];
let tickRows = 0;
for (let tick = 0; tick < ticks; tick++) {
  const tickStarted = performance.now();
  tickRows += await simulator.tick();
  const elapsed = performance.now() - tickStarted;
  tickTimes.push(elapsed);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - elapsed)));
}
const sorted = [...tickTimes].sort((a, b) => a - b);
const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
console.log(`${ticks} live ticks 1 s apart: ${Math.round(tickRows / ticks)} rows a tick, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
