import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { forgetDatabaseMemories, openDatabase, useDatabase, type DatabaseHandle } from "@/db/client";
import { TEST_DB_KIND, TEST_SHARD_COUNT, testAdminUrl } from "./migrated-database";
import { createScratchDatabase, withDatabaseName } from "./scratch-database";

export { TEST_DB_KIND };

/**
 * A fresh, migrated database of its own: a copy of the run's migrated database (tests/helpers/migrated-database.ts). The
 * modules' caches about the database are dropped first: files share a worker's modules (vitest.config.ts), and a copy's
 * ids repeat the last file's.
 */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  forgetDatabaseMemories();
  const migrated = inject("migratedDatabase");
  if (TEST_DB_KIND === "pglite") return openDatabase({ dataDir: "memory://", snapshot: new Blob([readFileSync(migrated)]) });
  const name = `fleet_test_${randomBytes(6).toString("hex")}`;
  const scratch = await createScratchDatabase({ adminUrl: testAdminUrl(), name, shardCount: TEST_SHARD_COUNT, template: migrated, durable: false });
  if (scratch.citus !== (TEST_DB_KIND === "citus")) {
    await scratch.drop();
    throw new Error(`TEST_DB=${TEST_DB_KIND}, but ${testAdminUrl()} ${scratch.citus ? "is" : "is not"} a Citus coordinator`);
  }
  const handle = openDatabase({ url: withDatabaseName(testAdminUrl(), name) });
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
