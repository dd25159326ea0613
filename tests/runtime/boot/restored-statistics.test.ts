import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeRestoredTables } from "@/db/analyze-tables";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { queryRows } from "@/db/rows";
import { companies } from "@/db/schema";
import { TEST_DB_KIND, testAdminUrl } from "../../helpers/migrated-database";
import { createScratchDatabase, withDatabaseName } from "../../helpers/scratch-database";
import { useTestDatabase } from "../../helpers/test-database";

// Issue 41: a database restored with pg_restore has its rows but no planner statistics, and the plans
// are made for empty tables until autovacuum's first pass (where it is off, never). The start analyzes
// such tables (lib/runtime/boot/boot-service.ts).
const database = useTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "fleet-restore-"));
let restored: (DatabaseHandle & { drop: () => Promise<void> }) | undefined;

afterAll(async () => {
  await restored?.close();
  await restored?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const statisticsOf = async (db: DatabaseHandle["db"], table: string) =>
  (await queryRows<{ columns: number }>(db, sql`select count(*)::int as columns from pg_stats where schemaname = current_schema() and tablename = ${table}`))[0]
    .columns;

describe.skipIf(TEST_DB_KIND !== "postgres")("a database restored from a pg_dump", () => {
  it("is analyzed at start: the tables with rows get statistics, once", async () => {
    const { db } = database();
    const [company] = await db.insert(companies).values({ name: "Restored Fleet", planTier: "Professional", modules: [] }).returning();
    await db.execute(
      sql`insert into vehicles (company_id, dataset, vin, name) select ${company.id}, 'live', 'VIN' || n, 'Truck ' || n from generate_series(1, 2000) n`,
    );
    const dump = path.join(folder, "fleet.dump");
    const source = (await queryRows<{ name: string }>(db, sql`select current_database() as name`))[0].name;
    execFileSync("pg_dump", ["-Fc", "-f", dump, withDatabaseName(testAdminUrl(), source)]);
    const name = `fleet_restore_${randomBytes(6).toString("hex")}`;
    const scratch = await createScratchDatabase({ adminUrl: testAdminUrl(), name, shardCount: 1, durable: false });
    restored = { ...openDatabase({ url: withDatabaseName(testAdminUrl(), name) }), drop: scratch.drop };
    execFileSync("pg_restore", ["--no-owner", "-d", withDatabaseName(testAdminUrl(), name), dump]);

    expect(await statisticsOf(restored.db, "vehicles")).toBe(0);
    expect(await analyzeRestoredTables({ db: restored.db })).toEqual(expect.arrayContaining(["companies", "vehicles"]));
    expect(await statisticsOf(restored.db, "vehicles")).toBeGreaterThan(0);
    // The next start finds every table with rows analyzed.
    expect(await analyzeRestoredTables({ db: restored.db })).toEqual([]);
  });
});
