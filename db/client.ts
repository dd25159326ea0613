import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { is } from "drizzle-orm";
import { drizzle as drizzlePg, NodePgDatabase, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import * as schema from "./schema";
import { getConfig } from "@/lib/config";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; domain functions accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

/** Whether `db` is PostgreSQL through node-postgres, which sends a Buffer parameter in binary (PGlite does not). */
export const isNodePostgres = (db: Executor) => is(db, NodePgDatabase) || is(db, NodePgTransaction);

/**
 * Opens the database: PostgreSQL when `url` is a postgres:// URL, otherwise PGlite in the folder
 * `dataDir` (or in memory for `memory://`). PGlite folders must never be opened by two processes.
 */
export const openDatabase = ({ url, dataDir }: { url?: string; dataDir?: string }): DatabaseHandle => {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // A connect timeout so that, while the database is unreachable, requests fail fast (503) instead of queueing.
    const pool = new Pool({ connectionString: url, max: getConfig().DATABASE_POOL_SIZE, connectionTimeoutMillis: getConfig().DATABASE_CONNECT_TIMEOUT_MS });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on("error", (error) => console.error("[db] idle client error:", error.message));
    return { db: drizzlePg(pool, { schema }) as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const folder = dataDir ?? ".data";
  if (folder !== "memory://") mkdirSync(path.resolve(/*turbopackIgnore: true*/ folder), { recursive: true });
  const client = new PGlite(folder === "memory://" ? undefined : path.resolve(/*turbopackIgnore: true*/ folder));
  return { db: drizzlePglite(client, { schema }) as unknown as Database, kind: "pglite", close: () => client.close() };
};

const globalForDb = globalThis as unknown as { fleetDatabase?: DatabaseHandle };

/** The process-wide database, from DATABASE_URL or DATA_DIR. Tests install their own with `useDatabase`. */
export const getDatabase = (): DatabaseHandle => {
  globalForDb.fleetDatabase ??= openDatabase({ url: getConfig().DATABASE_URL, dataDir: getConfig().DATA_DIR });
  return globalForDb.fleetDatabase;
};

export const getDb = (): Database => getDatabase().db;

export const useDatabase = (handle: DatabaseHandle | undefined) => {
  globalForDb.fleetDatabase = handle;
};

const globalForReadDb = globalThis as unknown as { fleetReadDatabase?: DatabaseHandle };

/**
 * The handle for history reads: a PostgreSQL read replica from DATABASE_READ_URL when set (it may
 * lag the primary by its replication delay), otherwise the primary (`getDb()`).
 */
export const getReadDb = (): Database => {
  const url = getConfig().DATABASE_READ_URL;
  if (!url) return getDb();
  globalForReadDb.fleetReadDatabase ??= openDatabase({ url });
  return globalForReadDb.fleetReadDatabase.db;
};
