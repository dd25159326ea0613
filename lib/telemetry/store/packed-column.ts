import { sql } from "drizzle-orm";

type PackedType = "int" | "int2" | "int8" | "real" | "float8" | "text" | "timestamptz" | "bool";
type Value = string | number | boolean | null | undefined;
/** A column's values: an array (null and undefined are NULL), or a Float64Array in which NaN is NULL (pack-records.ts: no box a number). */
type Values = readonly Value[] | Float64Array;
/**
 * `write` puts `values[k]` at `at`: given the column and the index, not the number, so that a Float64Array's double
 * reaches the DataView without a heap box (a number passed to a call V8 does not inline is boxed; this one is megamorphic).
 */
type BinaryElement = { oid: number; size: number; write: (view: DataView, at: number, values: Values, k: number) => void };

const TWO_TO_32 = 2 ** 32;

/** Element types sent as binary arrays: PostgreSQL's type oid, byte size, and big-endian writer. */
const BINARY_ELEMENTS: Partial<Record<PackedType, BinaryElement>> = {
  int2: { oid: 21, size: 2, write: (view, at, values, k) => view.setInt16(at, values[k] as number) },
  int: { oid: 23, size: 4, write: (view, at, values, k) => view.setInt32(at, values[k] as number) },
  int8: {
    oid: 20,
    size: 8,
    // Epoch milliseconds and the like: exact below 2^53, written as two 32-bit halves (no BigInt per value).
    write: (view, at, values, k) => {
      const value = values[k] as number;
      const high = Math.floor(value / TWO_TO_32);
      view.setInt32(at, high);
      view.setUint32(at + 4, value - high * TWO_TO_32);
    },
  },
  real: { oid: 700, size: 4, write: (view, at, values, k) => view.setFloat32(at, values[k] as number) },
  float8: { oid: 701, size: 8, write: (view, at, values, k) => view.setFloat64(at, values[k] as number) },
  bool: { oid: 16, size: 1, write: (view, at, values, k) => view.setUint8(at, values[k] ? 1 : 0) },
};

/** Whether `values[k]` is sent as NULL. */
const isNullAt = (values: Values, k: number) => (values instanceof Float64Array ? Number.isNaN(values[k]) : values[k] === null || values[k] === undefined);

/** A one-dimensional array in PostgreSQL's binary format (what `array_recv` reads): a header, then each element's length and bytes, -1 for NULL. */
const binaryArray = (values: Values, { oid, size, write }: BinaryElement) => {
  // Indexed loops, not for…of: a column's array kind varies (numbers, nulls, booleans), and over such arrays the iterator
  // was not optimised away: a result object per element, ~460 MB of garbage a 30 s tracker bench (docs/scaling.md).
  let nulls = 0;
  for (let k = 0; k < values.length; k++) if (isNullAt(values, k)) nulls++;
  const bytes = Buffer.alloc(20 + values.length * 4 + (values.length - nulls) * size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  view.setInt32(0, 1); // dimensions
  view.setInt32(4, nulls > 0 ? 1 : 0);
  view.setInt32(8, oid);
  view.setInt32(12, values.length);
  view.setInt32(16, 1); // lower bound
  let at = 20;
  for (let k = 0; k < values.length; k++) {
    if (isNullAt(values, k)) {
      view.setInt32(at, -1);
      at += 4;
    } else {
      view.setInt32(at, size);
      write(view, at + 4, values, k);
      at += 4 + size;
    }
  }
  return bytes;
};

/**
 * One column of a set-based `unnest` insert as ONE parameter. With `binary` (node-postgres: PostgreSQL
 * reads a binary float without parsing decimal text, ~10 ms less per 10,000 positions) numeric columns
 * go as binary arrays; otherwise as a comma-joined text split in SQL: PGlite serialises typed array
 * parameters slowly (33k floats ≈ 200 ms), one string takes ~1 ms. Text values must not contain
 * commas; null and undefined (NaN in a Float64Array) become SQL NULL (`join` writes them as ""). A column with no value at
 * all is sent as a NULL array, which `unnest` pads with NULLs: devices leave most optional fields out.
 */
export const packedColumn = (values: Values, type: PackedType, { binary = false }: { binary?: boolean } = {}) => {
  let firstValue = 0;
  while (firstValue < values.length && isNullAt(values, firstValue)) firstValue++;
  if (firstValue === values.length) return sql`null::${sql.raw(type)}[]`;
  const element = binary ? BINARY_ELEMENTS[type] : undefined;
  if (element) return sql`${binaryArray(values, element)}::${sql.raw(type)}[]`;
  // A Float64Array joins its NaN as "NaN", which no number's text contains: "" is the NULL string_to_array reads.
  const text = values instanceof Float64Array ? values.join(",").replaceAll("NaN", "") : values.join(",");
  return sql`string_to_array(${text}::text, ',', '')::${sql.raw(type)}[]`;
};
