import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client";
import { distributeSchema, hasCitus } from "./distribution";

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK = 7_240_311;

/**
 * Applies pending migrations, then, on a Citus database, places the tables (db/distribution.ts) in
 * a transaction of its own (Citus wants its table conversions apart from the migrations' DDL).
 * Safe to call from several instances at once.
 */
export const migrateDatabase = async ({ db, kind }: DatabaseHandle) => {
  if (kind === "pglite") {
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const pgDb = db as unknown as NodePgDatabase;
  await pgDb.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  });
  if (!(await hasCitus(db))) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await distributeSchema(tx);
  });
};

/** How many migrations the folder has versus how many the database recorded. */
export const getMigrationStatus = async ({ db }: DatabaseHandle) => {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const applied = Number((result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0);
  return { expected, applied, upToDate: applied >= expected };
};
