import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/**
 * Refreshes the planner's statistics of tables a bulk write just filled (the seed, a vehicle CSV
 * import), instead of leaving them to autovacuum's next pass: until then the planner plans with the
 * table as it was, e.g. a company with no vehicles (docs/scaling.md, issue 41). Run it after the
 * write commits: a few hundred ms at most for 10,000 rows (ANALYZE reads a 30,000-row sample).
 */
export const analyzeTables = async ({ db, tables }: { db: Executor; tables: readonly PgTable[] }) => {
  await db.execute(
    sql`analyze ${sql.join(
      tables.map((table) => sql.identifier(getTableName(table))),
      sql`, `,
    )}`,
  );
};
