// Times the simulator's first-start backfill: `npx tsx bench/simulator-backfill.ts [vehicles] [days]`.
// Uses an in-memory PGlite, or PostgreSQL when DATABASE_URL is set (its database must be empty).
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { seedDemo } from "@/lib/seed/seed-demo";
import { createFleetSimulator } from "@/lib/simulator/fleet-simulator";

const vehicles = Number(process.argv[2] ?? 50);
const days = Number(process.argv[3] ?? 7);
const handle = openDatabase({ url: process.env.DATABASE_URL, dataDir: "memory://" });
await migrateDatabase(handle);
await seedDemo({ db: handle.db, liveVehicles: vehicles });
const started = performance.now();
const simulator = await createFleetSimulator({ db: handle.db, seed: 1, backfillMs: days * 86_400_000 });
const { rows } = await simulator.backfill();
const seconds = (performance.now() - started) / 1000;
console.log(`${handle.kind}: backfill of ${days} days for ${simulator.vehicles} vehicles: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`);
const tickStarted = performance.now();
const tickRows = await simulator.tick();
console.log(`first live tick: ${tickRows} rows in ${Math.round(performance.now() - tickStarted)} ms`);
await handle.close();
