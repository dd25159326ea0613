import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, useDatabase, type DatabaseHandle } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createScratchDatabase, withDatabaseName } from "./scratch-database";

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

/** A fresh, migrated database of its own: in-memory PGlite, or a new PostgreSQL database. */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  if (TEST_DB_KIND === "pglite") {
    const handle = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    return handle;
  }
  const name = `fleet_test_${randomBytes(6).toString("hex")}`;
  // Few shards on Citus: a test fleet is tiny, and every daily partition multiplies them.
  const scratch = await createScratchDatabase({ adminUrl: adminUrl(), name, shardCount: 4 });
  if (scratch.citus !== (TEST_DB_KIND === "citus")) {
    await scratch.drop();
    throw new Error(`TEST_DB=${TEST_DB_KIND}, but ${adminUrl()} ${scratch.citus ? "is" : "is not"} a Citus coordinator`);
  }
  const handle = openDatabase({ url: withDatabaseName(adminUrl(), name) });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
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
