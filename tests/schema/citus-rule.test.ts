import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Executor } from "@/db/client";
import { GLOBAL_TABLES, LOCAL_TABLES } from "@/db/distribution";
import { queryRows } from "@/db/rows";
import { TEST_DB_KIND, useTestDatabase } from "../helpers/test-database";

// The Citus rule (docs/decisions.md "## Distribution"), read from the migrated database's catalog.
const database = useTestDatabase();

type Key = { table: string; index: string; primary: boolean; columns: string[] };

/** Every table of the public schema (partitions excluded) and whether it has a company_id column. */
const listTables = (db: Executor) =>
  queryRows<{ table: string; has_company: boolean }>(
    db,
    sql`select c.relname as "table", exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not
      a.attisdropped) as has_company
        from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );

/** The primary key and unique indexes of every public table, with their columns in order. */
const listKeys = async (db: Executor): Promise<Key[]> =>
  (
    await queryRows<{ table: string; index: string; primary: boolean; columns: string[] | string }>(
      db,
      sql`select t.relname as "table", i.relname as "index", x.indisprimary as "primary",
            array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum =
              k.attnum order by k.n) as columns
          from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
          where t.relnamespace = 'public'::regnamespace and not t.relispartition and x.indisunique order by 1, 2`,
    )
  ).map((key) => ({ ...key, columns: typeof key.columns === "string" ? key.columns.replace(/[{}]/g, "").split(",") : key.columns }));

/** What breaks the rule: a tenant table without a primary key, or a primary key or unique index not led by company_id. */
const findRuleBreaks = async (db: Executor) => {
  const exempt = new Set<string>([...GLOBAL_TABLES, ...LOCAL_TABLES]);
  const tenants = (await listTables(db)).filter((table) => table.has_company && !exempt.has(table.table)).map((table) => table.table);
  const keys = await listKeys(db);
  return tenants.flatMap((table) => {
    const own = keys.filter((key) => key.table === table);
    const breaks = own
      .filter((key) => key.columns[0] !== "company_id")
      .map((key) => `${table}: ${key.index} (${key.columns.join(", ")}) does not start with company_id`);
    return own.some((key) => key.primary) ? breaks : [`${table}: no primary key`, ...breaks];
  });
};

describe("the Citus rule", () => {
  it("holds for every tenant table: company_id leads its primary key and every unique index", async () => {
    expect(await findRuleBreaks(database().db)).toEqual([]);
  });

  it("leaves no table unplaced: a table without company_id is named global or local", async () => {
    const tables = await listTables(database().db);
    const exempt = new Set<string>([...GLOBAL_TABLES, ...LOCAL_TABLES]);
    expect(tables.filter((table) => !table.has_company && !exempt.has(table.table)).map((table) => table.table)).toEqual([]);
    expect([...exempt].filter((name) => !tables.some((table) => table.table === name))).toEqual([]);
  });

  it("reports a new table that breaks it", async () => {
    const { db } = database();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`create table trip_notes (id serial primary key, company_id integer not null, vehicle_id integer not null, note text)`);
        await tx.execute(sql`create unique index trip_notes_vehicle_idx on trip_notes (vehicle_id, note)`);
        expect(await findRuleBreaks(tx)).toEqual([
          "trip_notes: trip_notes_pkey (id) does not start with company_id",
          "trip_notes: trip_notes_vehicle_idx (vehicle_id, note) does not start with company_id",
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
  });

  it.runIf(TEST_DB_KIND === "citus")(
    "places the tables on Citus: tenant tables distributed by company_id and co-located, global ones copied to every node",
    async () => {
      const placed = await queryRows<{ table: string; method: string; column: string | null; colocation: number }>(
        database().db,
        sql`select logicalrelid::regclass::text as "table", partmethod as method, column_to_column_name(logicalrelid, partkey) as "column",
          colocationid as colocation
          from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid where not c.relispartition`,
      );
      const tables = await listTables(database().db);
      const exempt = new Set<string>([...GLOBAL_TABLES, ...LOCAL_TABLES]);
      const tenants = tables.filter((table) => table.has_company && !exempt.has(table.table)).map((table) => table.table);
      const distributed = placed.filter((row) => row.method === "h");
      expect(distributed.map((row) => row.table).sort()).toEqual(tenants.sort());
      expect(new Set(distributed.map((row) => row.column))).toEqual(new Set(["company_id"]));
      expect(new Set(distributed.map((row) => row.colocation)).size).toBe(1);
      expect(
        placed
          .filter((row) => row.method === "n")
          .map((row) => row.table)
          .sort(),
      ).toEqual([...GLOBAL_TABLES].sort());
    },
  );

  it.runIf(TEST_DB_KIND === "citus")("distributes a day partition created later with its parent", async () => {
    const { db } = database();
    await db.execute(sql`select ensure_telemetry_partitions('2031-01-02', '2031-01-02')`);
    const partitions = await queryRows<{ table: string; method: string }>(
      db,
      sql`select logicalrelid::regclass::text as "table", partmethod as method from pg_dist_partition where logicalrelid::regclass::text like
        '%_20310102' order by 1`,
    );
    expect(partitions).toEqual(
      ["vehicle_location_rollups", "vehicle_positions", "vehicle_stat_rollups", "vehicle_stat_samples"].map((parent) => ({
        table: `${parent}_20310102`,
        method: "h",
      })),
    );
  });
});
