import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./client";

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: Executor, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/**
 * Ids as ONE `int[]` parameter, for `= any(...)`: drizzle's `inArray` binds one parameter per id,
 * and 512 bind parameters cost ~1.5 ms.
 */
export const intArray = (ids: readonly number[]) => numberArray(ids, "int");

/** Numbers (null for NULL) as ONE array parameter of the given type: a column for `unnest(...)`. */
export const numberArray = (values: readonly (number | null)[], type: "int" | "bigint") => sql`${`{${values.map((value) => value ?? "NULL").join(",")}}`}::${sql.raw(type)}[]`;

/** Instants as ONE `timestamptz[]` parameter. */
export const timestampArray = (times: readonly Date[]) => sql`${`{${times.map((time) => `"${time.toISOString()}"`).join(",")}}`}::timestamptz[]`;

/** A nullable numeric column (the drivers hand `real`/`numeric` values back as numbers or strings). */
export const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
