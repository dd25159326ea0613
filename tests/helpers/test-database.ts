import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, useDatabase, type DatabaseHandle } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

/** Which database the suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const TEST_DB_KIND = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
};

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** A fresh, migrated database of its own: in-memory PGlite, or a new PostgreSQL database. */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  if (TEST_DB_KIND === "pglite") {
    const handle = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    return handle;
  }
  const name = `fleet_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = openDatabase({ url: withDatabaseName(adminUrl(), name) });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
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
