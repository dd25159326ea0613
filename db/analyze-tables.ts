import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";
import { queryRows } from "./rows";

/**
 * Refreshes the planner's statistics of tables a bulk write just filled (the seed, a vehicle CSV
 * import), instead of leaving them to autovacuum's next pass: until then the planner plans with the
 * table as it was, e.g. a company with no vehicles (docs/scaling.md, issue 41). Run it after the
 * write commits: a few hundred ms at most for 10,000 rows (ANALYZE reads a 30,000-row sample).
 */
export const analyzeTables = ({ db, tables }: { db: Executor; tables: readonly PgTable[] }) => analyzeNamed(db, tables.map(getTableName));

const analyzeNamed = async (db: Executor, names: readonly string[]) => {
  if (names.length > 0)
    await db.execute(
      sql`analyze ${sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      )}`,
    );
};

/**
 * After a restore: `pg_restore` (PostgreSQL 15) brings rows but no planner statistics, and until
 * autovacuum's first pass (never, where it is off) every plan is made for empty tables. Analyzes the
 * tables that hold rows (as the index builds of the restore counted them) but have no statistics, a
 * partition's whole partitioned table at once; on a database whose tables have their statistics it
 * does nothing. Plain PostgreSQL only: a Citus coordinator keeps no rows (the shards'
 * statistics are the workers'), and PGlite's folder copy keeps its statistics. Returns the tables analyzed.
 */
export const analyzeRestoredTables = async ({ db }: { db: Executor }) => {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select distinct coalesce(parent.relname, c.relname) as name
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
        left join pg_stat_user_tables s on s.relid = c.oid
        left join pg_inherits i on i.inhrelid = c.oid
        left join pg_class parent on parent.oid = i.inhparent
        where c.relkind = 'r' and greatest(c.reltuples, coalesce(s.n_live_tup, 0)) > 0
          and not exists (select 1 from pg_statistic st where st.starelid = c.oid)
        order by 1`,
  );
  await analyzeNamed(
    db,
    tables.map(({ name }) => name),
  );
  return tables.map(({ name }) => name);
};
