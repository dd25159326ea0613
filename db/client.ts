import { mkdirSync } from "node:fs";
import path from "node:path";
import { setImmediate as turnOfTheEventLoop } from "node:timers/promises";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { is } from "drizzle-orm";
import { drizzle as drizzlePg, NodePgDatabase, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { Client, Pool } from "pg";
import * as schema from "./schema";
import { getConfig } from "@/lib/platform/config";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; domain functions accept either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Calls `onNotification` with the payload of every NOTIFY on `channel` (delivered when the
   * notifying transaction commits, from any process on the same database).
   */
  listen: (channel: string, onNotification: (payload: string) => void) => Promise<Unlisten>;
  close: () => Promise<void>;
};

/** Whether `db` is PostgreSQL through node-postgres, which sends a Buffer parameter in binary (PGlite does not). */
export const isNodePostgres = (db: Executor) => is(db, NodePgDatabase) || is(db, NodePgTransaction);

const RELISTEN_AFTER_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection is opened again after a second; notifications sent meanwhile are lost, so listeners
 * must also catch up by other means (the telemetry processors sweep, the live stream resumes by seq).
 */
const listenOnPostgres = async ({
  url,
  channel,
  onNotification,
}: {
  url: string;
  channel: string;
  onNotification: (payload: string) => void;
}): Promise<Unlisten> => {
  let client: Client | undefined;
  let stopped = false;
  const connect = async () => {
    if (stopped) return;
    const next = new Client({ connectionString: url, connectionTimeoutMillis: getConfig().DATABASE_CONNECT_TIMEOUT_MS });
    const reconnectLater = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      setTimeout(() => void connect().catch(() => undefined), RELISTEN_AFTER_MS).unref();
    };
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    next.on("error", reconnectLater);
    next.on("end", reconnectLater);
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      reconnectLater();
      throw error;
    }
  };
  await connect().catch((error) => {
    stopped = true; // the first connection must work: the caller hears why it did not
    throw error;
  });
  return async () => {
    stopped = true;
    await client?.end();
  };
};

/**
 * Opens the database: PostgreSQL when `url` is a postgres:// URL, otherwise PGlite in the folder
 * `dataDir` (or in memory for `memory://`), starting from `snapshot` (a tarball of a data folder from
 * PGlite's `dumpDataDir`) when given. PGlite folders must never be opened by two processes.
 */
export const openDatabase = ({ url, dataDir, snapshot }: { url?: string; dataDir?: string; snapshot?: Blob }): DatabaseHandle => {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // A connect timeout so that, while the database is unreachable, requests fail fast (503) instead of queueing.
    const pool = new Pool({ connectionString: url, max: getConfig().DATABASE_POOL_SIZE, connectionTimeoutMillis: getConfig().DATABASE_CONNECT_TIMEOUT_MS });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on("error", (error) => console.error("[db] idle client error:", error.message));
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database,
      kind: "postgres",
      listen: (channel, onNotification) => listenOnPostgres({ url, channel, onNotification }),
      close: () => pool.end(),
    };
  }
  const folder = dataDir ?? ".data";
  if (folder !== "memory://") mkdirSync(path.resolve(/*turbopackIgnore: true*/ folder), { recursive: true });
  const client = new EmbeddedDatabase({ dataDir: folder === "memory://" ? undefined : path.resolve(/*turbopackIgnore: true*/ folder), loadDataDir: snapshot });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: "pglite",
    listen: (channel, onNotification) => client.listen(channel, onNotification),
    close: () => client.close(),
  };
};

/**
 * PGlite runs in this thread and answers through promises alone, so a loop of transactions (the
 * simulator's backfill, the telemetry processors catching up) never lets Node read a socket: the
 * demo's first start answered no HTTP request for 90 s. Each transaction first waits one turn of
 * the event loop, so requests that arrived meanwhile queue their queries ahead of it.
 */
class EmbeddedDatabase extends PGlite {
  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await turnOfTheEventLoop();
    return super.transaction(callback);
  }
}

const globalForDb = globalThis as unknown as { fleetDatabase?: DatabaseHandle };

/** The process-wide database, from DATABASE_URL or DATA_DIR. Tests install their own with `useDatabase`. */
export const getDatabase = (): DatabaseHandle => {
  globalForDb.fleetDatabase ??= openDatabase({ url: getConfig().DATABASE_URL, dataDir: getConfig().DATA_DIR });
  return globalForDb.fleetDatabase;
};

export const getDb = (): Database => getDatabase().db;

/** What modules remember about the database they last served (partitions made, a tenant's places): forgotten on a change. */
const databaseMemories = new Set<() => void>();

/** Registers `forget`, which drops what a module cached about the database; called when the process-wide database changes. */
export const forgetOnDatabaseChange = (forget: () => void) => {
  databaseMemories.add(forget);
};

/** Drops every module's cache about the database: a test file's fresh database (tests/helpers/test-database.ts) must meet none. */
export const forgetDatabaseMemories = () => {
  for (const forget of databaseMemories) forget();
};

export const useDatabase = (handle: DatabaseHandle | undefined) => {
  globalForDb.fleetDatabase = handle;
  forgetDatabaseMemories();
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
