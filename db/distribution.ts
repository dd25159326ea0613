import { sql } from "drizzle-orm";
import type { Executor } from "./client";
import { queryRows } from "./rows";

/**
 * How each table is placed on Citus (docs/decisions.md "## Distribution"). Every table of the
 * `public` schema with a `company_id` column is a TENANT table, distributed by `company_id` and
 * co-located with the others, unless it is listed here. The schema test
 * (tests/schema/citus-rule.test.ts) holds every table to this.
 */
export const GLOBAL_TABLES = [
  // The tenants themselves; every tenant table's company_id points here.
  "companies",
  // First-run setup links, used before any company exists.
  "setup_tokens",
  // Found by sign-in e-mail, before the company is known.
  "users",
  // Invite and password-reset links are found by the hash of the link's token, before the company is known.
  "user_links",
  // Found by a driver's logbook username, before the company is known.
  "driver_logins",
  // Found by the hash of a secret a request carries (API key, ClientKey, ingest token).
  "api_keys",
  "client_keys",
  "ingest_tokens",
  // The camera webhook names no company: its secret is found by X-Camera-Secret-Id, or by trying every active one.
  "camera_secrets",
  // Trackers name only their device identifier (OsmAnd `id`).
  "device_lookups",
  // Trackers that reported but belong to no company yet (no company_id to distribute by).
  "unclaimed_devices",
  // One row: the rollup job's watermark, read by every tenant's ingest statement.
  "rollup_progress",
] as const;

/**
 * Tables that stay plain tables on the coordinator: hot, throwaway state keyed by more than
 * companies (a rate-limit key is an API key, an e-mail or an asset), or by none.
 */
export const LOCAL_TABLES = [
  "rate_limit_buckets",
  // The background jobs' claimed periods (lib/platform/jobs/claim-period.ts), keyed by job name.
  "job_runs",
] as const;

/**
 * Tenant tables whose triggers must run on their shards: `audit_events` refuses UPDATE and DELETE
 * by trigger. Citus distributes a table with triggers only under `citus.enable_unsafe_triggers`
 * (set for that one statement), and then creates the triggers on every shard.
 */
export const TRIGGERED_TABLES = ["audit_events"] as const;

/**
 * Functions of one tenant, run whole on the worker holding the tenant's shards: the call is sent
 * there (even inside a transaction: `force_delegation`) instead of its statements one by one.
 */
export const TENANT_FUNCTIONS = [
  { name: "ingest_positions", tenantArgument: "p_company_id" },
  { name: "ingest_stats", tenantArgument: "p_company_id" },
] as const;

/** Every tenant table is co-located with this one (a shard of each holds the same companies). */
const COLOCATION_ANCHOR = "vehicles";

type Placement = { table: string; placed: boolean };

/** The public tables (partitions excluded) that have a company_id column, and whether Citus already placed each. */
const tablesToPlace = (db: Executor) =>
  queryRows<Placement>(
    db,
    sql`select c.relname as "table", exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as placed
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );

/** Whether the database runs Citus (has the extension installed). */
export const hasCitus = async (db: Executor) =>
  (await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from pg_extension where extname = 'citus') as found`))[0].found;

/**
 * On a Citus database: global tables become reference tables (a copy on every node), tenant tables
 * are distributed by company_id and co-located with `vehicles`, local tables stay on the coordinator,
 * tenant functions run where their tenant's shards are.
 * Idempotent: tables Citus already placed are left alone, so it runs after every migration and
 * places the tables new migrations create. A partitioned table is distributed with its partitions;
 * partitions created later follow their parent.
 */
export const distributeSchema = async (db: Executor) => {
  const tables = await tablesToPlace(db);
  const global = new Set<string>(GLOBAL_TABLES);
  const local = new Set<string>(LOCAL_TABLES);
  const companyTables = new Set(
    (
      await queryRows<{ table: string }>(
        db,
        sql`select table_name as "table" from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`,
      )
    ).map((row) => row.table),
  );
  // Reference tables first: tenant tables' foreign keys point at them.
  for (const { table, placed } of tables) {
    if (!placed && global.has(table)) await db.execute(sql`select create_reference_table(${table})`);
  }
  const tenants = tables.filter(({ table }) => companyTables.has(table) && !global.has(table) && !local.has(table));
  tenants.sort((a, b) => Number(b.table === COLOCATION_ANCHOR) - Number(a.table === COLOCATION_ANCHOR));
  for (const { table, placed } of tenants) {
    if (placed) continue;
    const colocateWith = table === COLOCATION_ANCHOR ? "default" : COLOCATION_ANCHOR;
    await db.transaction(async (tx) => {
      if ((TRIGGERED_TABLES as readonly string[]).includes(table)) await tx.execute(sql`set local citus.enable_unsafe_triggers = on`);
      await tx.execute(sql`select create_distributed_table(${table}, 'company_id', colocate_with => ${colocateWith})`);
    });
  }
  for (const { name, tenantArgument } of TENANT_FUNCTIONS) {
    const [fn] = await queryRows<{ signature: string; placed: boolean }>(
      db,
      sql`select p.oid::regprocedure::text as signature,
            exists (select 1 from pg_dist_object o where o.classid = 'pg_proc'::regclass and o.objid = p.oid and o.distribution_argument_index is not
              null) as placed
          from pg_proc p where p.proname = ${name} and p.pronamespace = 'public'::regnamespace`,
    );
    if (fn && !fn.placed) {
      await db.execute(
        sql`select create_distributed_function(${fn.signature}, ${tenantArgument}, colocate_with => ${COLOCATION_ANCHOR}, force_delegation => true)`,
      );
    }
  }
};
