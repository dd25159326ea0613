import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";

/**
 * Each table's row count since `watchRowChanges`, as the net of the rows its statements inserted and deleted, kept by
 * triggers in the test database only: the fuzzing's proof that an error answer stored nothing reads one small table per
 * probe instead of counting every row of every tenant table (about 40 % of its CPU on PostgreSQL). A statement-level
 * trigger on a partitioned table sees the rows of all its partitions; a rolled-back write leaves no change behind.
 */
export const watchRowChanges = async ({ db, tables }: { db: Executor; tables: string[] }) => {
  await db.execute(sql`create table test_row_changes (table_name text not null, rows bigint not null)`);
  for (const [event, transition, sign] of [
    ["insert", "new", ""],
    ["delete", "old", "-"],
  ]) {
    await db.execute(
      sql.raw(`create function test_count_${event}() returns trigger language plpgsql as $$
        begin
          insert into test_row_changes select tg_table_name, ${sign}count(*) from changed having count(*) > 0;
          return null;
        end $$`),
    );
    for (const table of tables) {
      await db.execute(
        sql.raw(`create trigger test_count_${event} after ${event} on "${table}" referencing ${transition} table as changed
          for each statement execute function test_count_${event}()`),
      );
    }
  }
};

/** Each watched table's net change of rows since `watchRowChanges`, by name (tables without a change left out). */
export const rowChanges = async (db: Executor) => {
  const rows = await queryRows<{ table_name: string; rows: number }>(
    db,
    sql`select table_name, sum(rows)::int as rows from test_row_changes group by table_name having sum(rows) <> 0 order by table_name`,
  );
  return Object.fromEntries(rows.map((row) => [row.table_name, row.rows]));
};
