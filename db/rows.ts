import type { SQL } from "drizzle-orm";
import type { Executor } from "./client";

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: Executor, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};
