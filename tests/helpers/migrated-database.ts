import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { Client } from "pg";
import { openDatabase } from "@/db/client";
import { migrateDatabase, MIGRATIONS_FOLDER } from "@/db/migrate";
import { createScratchDatabase, dropScratchDatabase, markTemplate, withDatabaseName } from "./scratch-database";

/**
 * Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres, a Citus
 * cluster when TEST_DB=citus (TEST_DATABASE_URL is then its coordinator: scripts/citus-cluster.sh).
 */
export const TEST_DB_KIND = process.env.TEST_DB === "citus" ? "citus" : process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** The server where the test databases are created (TEST_DATABASE_URL). */
export const testAdminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error(`TEST_DB=${TEST_DB_KIND} needs TEST_DATABASE_URL`);
  return url;
};

/** Few shards on Citus: a test fleet is tiny, and every daily partition multiplies them. */
export const TEST_SHARD_COUNT = 4;

/**
 * One migrated database for the whole vitest run, which every test file copies instead of applying
 * the migrations itself (~4 s of CPU a file): on PGlite a tarball of the data folder in the temp
 * folder (`dumpDataDir`, loaded with `loadDataDir`), on PostgreSQL a template database
 * (`CREATE DATABASE … TEMPLATE`). Both are named by a hash of db/migrations (and, for the tarball,
 * PGlite's version), so a changed migration builds a new one and an unchanged one is reused by the
 * next run. On Citus the template is a database of that name on every node, copied node by node.
 */

/** The hash of db/migrations (every file, journal included). */
const migrationsHash = (extra: string) => {
  const hash = createHash("sha256").update(extra);
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
};

const pgliteVersion = () => JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")).version as string;

/** The path of the migrated PGlite data folder's tarball, built when missing. */
export const preparePgliteSnapshot = async () => {
  const file = path.join(tmpdir(), `fleet-test-database-${migrationsHash(`pglite ${pgliteVersion()} checkpointed`)}.tar`);
  if (existsSync(file)) return file;
  const handle = openDatabase({ dataDir: "memory://" });
  await migrateDatabase(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // Everything written to the data files first: loaded from a dump without it, a database handed the
  // telemetry processors' tests different rows (tests/telemetry/fleet-events/telemetry-processors.test.ts failed).
  await client.query("checkpoint");
  const tarball = await client.dumpDataDir("none");
  await handle.close();
  // Written beside, then renamed: a run that reads it never sees half a file.
  const partial = `${file}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, file);
  return file;
};

// Any fixed number: runs starting together on one server take turns building the template.
const TEMPLATE_LOCK = 7_240_312;

/**
 * The name of the migrated template database beside `adminUrl`'s (on every node of a Citus cluster),
 * built when missing. It is marked a template only once migrated, so one left half-built by an
 * interrupted run is dropped and built again (a template takes no connections: it cannot change).
 */
export const preparePostgresTemplate = async (adminUrl: string) => {
  const name = `fleet_template_${migrationsHash("postgres")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ ready: boolean }>("select datistemplate as ready from pg_database where datname = $1", [name]);
    if (rows[0]?.ready) return name;
    await dropScratchDatabase({ adminUrl, name });
    const scratch = await createScratchDatabase({ adminUrl, name, shardCount: TEST_SHARD_COUNT });
    const handle = openDatabase({ url: withDatabaseName(adminUrl, name) });
    try {
      await migrateDatabase(handle);
    } catch (error) {
      await handle.close();
      await scratch.drop();
      throw error;
    }
    await handle.close();
    await markTemplate({ adminUrl, name });
    return name;
  } finally {
    await admin.end();
  }
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite tarball's path, or the PostgreSQL template's name (tests/helpers/test-database.ts). */
    migratedDatabase: string;
  }
}

/** vitest's globalSetup (vitest.config.ts): builds the run's migrated database before any test file. */
export default async function setup(project: TestProject) {
  project.provide("migratedDatabase", TEST_DB_KIND === "pglite" ? await preparePgliteSnapshot() : await preparePostgresTemplate(testAdminUrl()));
}
