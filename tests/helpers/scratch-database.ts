import { Client } from "pg";

// Scratch databases on a PostgreSQL server or a Citus cluster, for the tests and the benchmarks.

/** `url` with its database replaced by `name`. */
export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
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

/** The URL of database `name` on the node at host:port, with `adminUrl`'s user. */
const nodeUrl = (adminUrl: string, { host, port }: { host: string; port: number }, name: string) => {
  const url = new URL(withDatabaseName(adminUrl, name));
  url.hostname = host;
  url.port = String(port);
  return url.toString();
};

/** The workers of the cluster whose coordinator `adminUrl` is, as it lists them; none on plain PostgreSQL. */
const citusWorkers = async (adminUrl: string) => {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const {
      rows: [citus],
    } = await admin.query("select exists (select 1 from pg_extension where extname = 'citus') as found");
    if (!citus.found) return null;
    const { rows } = await admin.query<{ host: string; port: number }>(
      "select nodename as host, nodeport as port from pg_dist_node where groupid <> 0 order by nodeport",
    );
    return rows;
  } finally {
    await admin.end();
  }
};

/**
 * Makes database `name` (on every node of a Citus cluster) a template for `createScratchDatabase`.
 * PostgreSQL copies no database another session is in, and Citus keeps sessions in each of its
 * databases (its maintenance daemon, the coordinator's connections to the nodes): new ones are
 * refused, then the open ones ended.
 */
export const markTemplate = async ({ adminUrl, name }: { adminUrl: string; name: string }) => {
  const nodes = [adminUrl, ...((await citusWorkers(adminUrl)) ?? []).map((worker) => nodeUrl(adminUrl, worker, "postgres"))];
  for (const node of nodes) {
    await runOn(node, [
      `alter database ${name} with allow_connections false`,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
    ]);
  }
  await runOn(adminUrl, [`alter database ${name} is_template true`]);
};

/** Drops database `name` beside `adminUrl`'s, on every node of a Citus cluster. */
export const dropScratchDatabase = async ({ adminUrl, name }: { adminUrl: string; name: string }) => {
  const workers = (await citusWorkers(adminUrl)) ?? [];
  await runOn(adminUrl, [`drop database if exists ${name} with (force)`]);
  for (const worker of workers) await runOn(nodeUrl(adminUrl, worker, "postgres"), [`drop database if exists ${name} with (force)`]);
};

/**
 * Creates database `name` beside `adminUrl`'s and returns how to drop it, as a copy of `template`
 * when given (one this function created, then `markTemplate`d). When `adminUrl` is a Citus
 * coordinator, the database is one of that name on every node, each with the extension, and the
 * coordinator's copy is told where the workers are (Citus keeps its cluster per database; a copy
 * keeps its template's), with `shardCount` shards per distributed table and its statement counters on.
 * `durable: false` (the tests' databases) commits without waiting for the disk: a test never outlives
 * a crash, and a commit costs a fifth of the time (2 ms each on this machine kind, thousands per file).
 */
export const createScratchDatabase = async ({
  adminUrl,
  name,
  shardCount,
  template,
  durable = true,
}: {
  adminUrl: string;
  name: string;
  shardCount: number;
  template?: string;
  durable?: boolean;
}) => {
  const workers = await citusWorkers(adminUrl);
  const drop = () => dropScratchDatabase({ adminUrl, name });
  const create = [
    `create database ${name}${template ? ` template ${template}` : ""}`,
    ...(durable ? [] : [`alter database ${name} set synchronous_commit = off`]),
  ];
  if (!workers) {
    await runOn(adminUrl, create);
    return { citus: false, drop };
  }
  const coordinator = new URL(adminUrl);
  for (const worker of workers) {
    await runOn(nodeUrl(adminUrl, worker, "postgres"), create);
    if (!template) await runOn(nodeUrl(adminUrl, worker, name), ["create extension citus"]);
  }
  await runOn(adminUrl, [
    ...create,
    `alter database ${name} set citus.shard_count = ${shardCount}`,
    `alter database ${name} set citus.enable_stat_counters = on`,
  ]);
  if (!template) {
    await runOn(withDatabaseName(adminUrl, name), [
      "create extension citus",
      `select citus_set_coordinator_host('${coordinator.hostname}', ${coordinator.port})`,
      ...workers.map((worker) => `select citus_add_node('${worker.host}', ${worker.port})`),
    ]);
  }
  return { citus: true, drop };
};
