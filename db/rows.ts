import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
export const numberArray = (values: readonly (number | null)[], type: "int" | "bigint") =>
  sql`${`{${values.map((value) => value ?? "NULL").join(",")}}`}::${sql.raw(type)}[]`;

/** Instants as ONE `timestamptz[]` parameter. */
export const timestampArray = (times: readonly Date[]) => sql`${`{${times.map((time) => `"${time.toISOString()}"`).join(",")}}`}::timestamptz[]`;

/** A nullable numeric column (the drivers hand `real`/`numeric` values back as numbers or strings). */
export const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A nullable boolean column. */
export const nullableBoolean = (value: unknown) => (value === null || value === undefined ? null : value === true || value === "t" || value === "true");

/**
 * An expression aggregated over a query's rows into ONE comma-joined text (NULL as an empty value;
 * its values must hold no comma), for `readNumberColumn` or a split: a window of 50,000 rows read as
 * fields costs node-postgres a protocol field and an object per row; a column is one string to
 * split. All aggregates of one SELECT see the rows in one pass, so the columns line up. A number's
 * text is the field's own (float8out's shortest exact form), so it parses to what a field read gives.
 */
export const joinedColumn = (expression: SQL, name: string) => sql`string_agg(coalesce((${expression})::text, ''), ',') as ${sql.identifier(name)}`;

/** A numeric `joinedColumn` as numbers (NaN for NULL); an empty aggregate (NULL) is no values. */
export const readNumberColumn = (joined: string | null): Float64Array => {
  if (joined === null) return new Float64Array(0);
  const texts = joined.split(",");
  const values = new Float64Array(texts.length);
  for (let i = 0; i < texts.length; i++) values[i] = texts[i] === "" ? NaN : Number(texts[i]);
  return values;
};

/**
 * `INSERT INTO table (...) SELECT ...` of `rows` (the table's fields, every row with the first one's
 * keys) sent as ONE jsonb parameter: drizzle's `values` binds a parameter a field, and building a
 * statement of a few thousand rows that way cost more than running it. Append an ON CONFLICT as needed.
 */
export const insertFromJson = (table: PgTable, rows: readonly Record<string, unknown>[]) => {
  const columns = getTableColumns(table);
  const fields = Object.keys(rows[0]);
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field].name)),
    sql`, `,
  );
  const types = sql.join(
    fields.map((field) => sql`${sql.identifier(field)} ${sql.raw(columns[field].getSQLType())}`),
    sql`, `,
  );
  const values = sql.join(
    fields.map((field) => sql.identifier(field)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})`;
};
