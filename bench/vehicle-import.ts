// Vehicle CSV import: `npx tsx bench/vehicle-import.ts` (also part of `npm run bench`). A 1,000-row
// file (every column, two tags a row) checked (preview) and imported in one transaction, then the
// same file again with every VIN existing ("update"). PostgreSQL: DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres (a fresh database, dropped); BENCH_DB=pglite for PGlite.
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, type Database } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { companies } from "@/db/schema";
import { operatorActor } from "@/lib/platform/audit";
import { seedDemo } from "@/lib/runtime/seed/seed-demo";
import { makeVin } from "@/lib/runtime/seed/vin";
import { importVehicles } from "@/lib/fleet/vehicles/import-vehicles";
import { parseVehiclesCsv } from "@/lib/fleet/vehicles/parse-vehicles-csv";

export type VehicleImportBenchResult = { rows: number; previewMs: number; createMs: number; updateMs: number };

const ROWS = Number(process.env.IMPORT_ROWS ?? 1_000);

/** A file of `rows` valid vehicles, every column filled, tagged with the demo seed's depots. */
const vehicleCsv = (rows: number, seed: number) =>
  [
    "name,vin,licensePlate,make,model,year,vehicleType,vehicleSubType,trailers,notes,tags,externalIds",
    ...Array.from({ length: rows }, (_, i) => {
      const vin = makeVin({ wmi: "1XP", seed: seed + i, year: 2020 + (i % 5) });
      return (
        `Imported ${i + 1},${vin},IL ` +
        `${100_000 + i},Peterbilt,579,${2020 + (i % 5)},Tractor,Sleeper,TR-${i},"Row ${i + 1}, ` +
        `imported",North depot;Chicago region,erp=T-${i};fuelCard=${9_000 + i}`
      );
    }),
  ].join("\n");

/** Times preview, import (all new) and import again (all existing, updated) on a seeded database. */
export const benchVehicleImport = async ({ db, rows = ROWS }: { db: Database; rows?: number }): Promise<VehicleImportBenchResult> => {
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Fleet"));
  const tenant = { db, companyId: demo.id, dataset: "live" as const };
  const csv = vehicleCsv(rows, 5_000_000);
  const actor = operatorActor("bench");
  const time = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    const result = await run();
    return { ms: performance.now() - start, result };
  };
  const preview = await time(() => parseVehiclesCsv({ ...tenant, csv }));
  const created = await time(() => importVehicles({ ...tenant, csv, onExisting: "refuse", actor }));
  const updated = await time(() => importVehicles({ ...tenant, csv, onExisting: "update", actor }));
  for (const { result } of [created, updated])
    if (!(result as { imported: boolean }).imported) throw new Error(`import refused: ${JSON.stringify(result).slice(0, 300)}`);
  return { rows, previewMs: preview.ms, createMs: created.ms, updateMs: updated.ms };
};

export const describeVehicleImportBench = (result: VehicleImportBenchResult) =>
  `${result.rows} rows: preview ${result.previewMs.toFixed(0)} ms, import (new) ` +
  `${result.createMs.toFixed(0)} ms, import again (update) ${result.updateMs.toFixed(0)} ms`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.env.BENCH_DB === "pglite") {
    const handle = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    await seedDemo({ db: handle.db, liveVehicles: 50 });
    console.log(`PGlite: ${describeVehicleImportBench(await benchVehicleImport({ db: handle.db }))}`);
    await handle.close();
  } else {
    const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `import_bench_${randomBytes(4).toString("hex")}`;
    const admin = new Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handle = openDatabase({ url: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString() });
    try {
      await migrateDatabase(handle);
      await seedDemo({ db: handle.db, liveVehicles: 50 });
      console.log(`PostgreSQL: ${describeVehicleImportBench(await benchVehicleImport({ db: handle.db }))}`);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
