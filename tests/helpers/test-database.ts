import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, useDatabase, type DatabaseHandle } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

/**
 * Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres, a Citus
 * cluster when TEST_DB=citus (TEST_DATABASE_URL is then its coordinator: scripts/citus-cluster.sh).
 */
export const TEST_DB_KIND = process.env.TEST_DB === "citus" ? "citus" : process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error(`TEST_DB=${TEST_DB_KIND} needs TEST_DATABASE_URL`);
  return url;
};

/** Runs `statements` on the database at `url`, one after another. */
const runOn = async (url: string, statements: string[]) => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
};

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** The URL of database `name` on the node at host:port, with the coordinator URL's user. */
const nodeUrl = ({ host, port }: { host: string; port: number }, name: string) => {
  const url = new URL(withDatabaseName(adminUrl(), name));
  url.hostname = host;
  url.port = String(port);
  return url.toString();
};

/** The cluster's workers, as the coordinator lists them. */
const citusWorkers = async () => {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  const { rows } = await admin.query<{ host: string; port: number }>("select nodename as host, nodeport as port from pg_dist_node where groupid <> 0 order by nodeport");
  await admin.end();
  return rows;
};

/**
 * A Citus database is one database of that name on every node, each with the extension; the
 * coordinator's copy is told where the workers are. Few shards: a test fleet is tiny, and every
 * daily partition multiplies them.
 */
const createCitusDatabase = async (name: string) => {
  const coordinator = new URL(adminUrl());
  const workers = await citusWorkers();
  for (const worker of workers) {
    await runOn(nodeUrl(worker, "postgres"), [`create database ${name}`]);
    await runOn(nodeUrl(worker, name), ["create extension citus"]);
  }
  // Statement counters on: tests/schema/single-shard.test.ts reads them.
  await runOn(adminUrl(), [`create database ${name}`, `alter database ${name} set citus.shard_count = 4`, `alter database ${name} set citus.enable_stat_counters = on`]);
  await runOn(withDatabaseName(adminUrl(), name), [
    "create extension citus",
    `select citus_set_coordinator_host('${coordinator.hostname}', ${coordinator.port})`,
    ...workers.map((worker) => `select citus_add_node('${worker.host}', ${worker.port})`),
  ]);
  return async () => {
    await runOn(adminUrl(), [`drop database if exists ${name} with (force)`]);
    for (const worker of workers) await runOn(nodeUrl(worker, "postgres"), [`drop database if exists ${name} with (force)`]);
  };
};

const createPostgresDatabase = async (name: string) => {
  await runOn(adminUrl(), [`create database ${name}`]);
  return () => runOn(adminUrl(), [`drop database if exists ${name} with (force)`]);
};

/** A fresh, migrated database of its own: in-memory PGlite, or a new PostgreSQL database. */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  if (TEST_DB_KIND === "pglite") {
    const handle = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    return handle;
  }
  const name = `fleet_test_${randomBytes(6).toString("hex")}`;
  const dropDatabase = TEST_DB_KIND === "citus" ? await createCitusDatabase(name) : await createPostgresDatabase(name);
  const handle = openDatabase({ url: withDatabaseName(adminUrl(), name) });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
};

/**
 * Gives the calling test file its own database for all its tests and installs it as the
 * process-wide one (domain functions and route handlers use it). Returns a getter.
 */
export const useTestDatabase = () => {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    useDatabase(handle);
  });
  afterAll(async () => {
    useDatabase(undefined);
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("test database not ready");
    return handle;
  };
};
