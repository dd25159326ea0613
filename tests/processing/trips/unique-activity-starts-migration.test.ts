import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { idlingEvents, speedingIntervals, trips, vehicleActivityDays } from "@/db/schema";

// Applies every migration to an empty database (about 8 s of CPU alone): a loaded machine takes a multiple of that.
const MIGRATING_FROM_SCRATCH_MS = 120_000;

const MIGRATION = "0032_unique_activity_starts";

/** The migrations folder as it was before `MIGRATION` (without it and every later one: the migrator applies only those newer than the last applied). */
const folderBefore = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const from = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, from) }));
  for (const entry of journal.entries.slice(from)) rmSync(path.join(folder, `${entry.tag}.sql`));
  return folder;
};

// Plain SQL, so PGlite stands for PostgreSQL here (the trips suites run the migration on both).
const handle = openDatabase({ dataDir: "memory://" });
afterAll(() => handle.close());

describe(`migration ${MIGRATION}`, () => {
  it(
    "keeps the newest of each trip, idle and speeding interval stored twice, and groups the activity days again",
    async () => {
      const db = handle.db;
      const before = folderBefore();
      await migrate(db as unknown as PgliteDatabase, { migrationsFolder: before });
      rmSync(before, { recursive: true });
      // Plain SQL of the schema as it was: the seed writes today's columns, which a later migration may add.
      const insertedId = async (statement: SQL) => ((await db.execute(statement)) as { rows: { id: number }[] }).rows[0];
      const { id: demoCompanyId } = await insertedId(sql`insert into companies (name) values ('Demo Fleet') returning id`);
      const vehicle = await insertedId(
        sql`insert into vehicles (company_id, vin, name) values (${demoCompanyId}, '1FUJGLDR0CLBP8834', 'Truck 1') returning id`,
      );
      const start = Date.UTC(2026, 5, 1, 15);
      const at = (minutes: number) => new Date(start + minutes * 60_000);
      const common = {
        companyId: demoCompanyId,
        dataset: "live" as const,
        vehicleId: vehicle.id,
        latitude: 41.9,
        longitude: -87.6,
        address: "1800 N Halsted St, Chicago, IL",
      };
      const trip = (minutes: number, distanceMeters: number) => ({
        ...common,
        startTime: at(minutes),
        endTime: at(minutes + 10),
        startLatitude: 41.9,
        startLongitude: -87.6,
        startAddress: common.address,
        endLatitude: 41.95,
        endLongitude: -87.6,
        endAddress: common.address,
        distanceMeters,
        maxSpeed: 15,
      });
      // The second copy is the newer detection (it ended later: the late point it saw extended it).
      await db.insert(trips).values([trip(0, 9_000), trip(30, 5_000), { ...trip(0, 9_500), endTime: at(11) }]);
      await db.insert(idlingEvents).values([0, 1].map(() => ({ ...common, startTime: at(12), endTime: at(20) })));
      await db.insert(speedingIntervals).values([0, 1].map(() => ({ ...common, startTime: at(2), endTime: at(3), maxSpeed: 36, thresholdSpeed: 33.3 })));
      await db.insert(vehicleActivityDays).values({ ...common, day: "2026-06-01", trips: 3, distanceMeters: 23_500, drivingSeconds: 1_860, idleSeconds: 960 });

      await migrate(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });

      const stored = await db.select().from(trips).where(eq(trips.vehicleId, vehicle.id)).orderBy(asc(trips.startTime));
      expect(stored.map((row) => [row.startTime, row.endTime, row.distanceMeters])).toEqual([
        [at(0), at(11), 9_500],
        [at(30), at(40), 5_000],
      ]);
      expect(await db.select().from(idlingEvents).where(eq(idlingEvents.vehicleId, vehicle.id))).toHaveLength(1);
      expect(await db.select().from(speedingIntervals).where(eq(speedingIntervals.vehicleId, vehicle.id))).toHaveLength(1);
      const days = await db.select().from(vehicleActivityDays).where(eq(vehicleActivityDays.vehicleId, vehicle.id));
      expect(days.map((day) => [day.day, day.trips, day.distanceMeters, day.drivingSeconds, day.idleSeconds])).toEqual([["2026-06-01", 2, 14_500, 1_260, 480]]);
    },
    MIGRATING_FROM_SCRATCH_MS,
  );
});
