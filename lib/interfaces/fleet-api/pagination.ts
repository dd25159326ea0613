import { z } from "zod";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS, type CursorScope } from "@/lib/platform/cursor";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 512;

/** `limit` and `after`, shared by every list endpoint; `limit` outside 1..512 or not an integer is a 400. */
export const paginationQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).` }),
  after: z.string().min(1).optional().meta({ description: "Cursor from a previous response's pagination.endCursor." }),
};

export const paginationSchema = z
  .object({
    endCursor: z.string().meta({ description: "Pass as `after` for the next page; empty when there is none (feeds: always set, poll with it)." }),
    hasNextPage: z.boolean(),
  })
  .meta({ id: "Pagination" });

/** The list envelope of interface section 2.8 around a record schema. */
export const pageSchema = <T extends z.ZodType>(record: T, id: string) => z.object({ data: z.array(record), pagination: paginationSchema }).meta({ id });

export type Page<T> = { data: T[]; pagination: { endCursor: string; hasNextPage: boolean } };

/** The id a keyset list resumes after, from `after` (400 unless this endpoint issued it to this tenant). */
export const readAfterId = ({ after, scope }: { after: string | undefined; scope: CursorScope }): number | undefined =>
  after === undefined ? undefined : decodeCursor<{ id: number }>({ cursor: after, scope }).id;

/**
 * A page from `limit + 1` rows fetched in keyset order: the extra row only says a next page exists.
 * The cursor holds the last returned row's id.
 */
export const toKeysetPage = <R, T>({
  rows,
  limit,
  scope,
  idOf,
  present,
}: {
  rows: readonly R[];
  limit: number;
  scope: CursorScope;
  idOf: (row: R) => number;
  present: (rows: R[]) => T[];
}): Page<T> => {
  const hasNextPage = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const endCursor = hasNextPage && last ? encodeCursor({ scope, position: { id: idOf(last) }, ttlMs: LIST_CURSOR_TTL_MS }) : "";
  return { data: present(pageRows), pagination: { endCursor, hasNextPage } };
};

/** A keyset page of rows of the tenant's vehicles in id order, the rows as they are (snapshot pages). */
export const toVehiclePage = <R extends { vehicleId: number }>({ rows, limit, scope }: { rows: readonly R[]; limit: number; scope: CursorScope }) =>
  toKeysetPage({ rows, limit, scope, idOf: (row) => row.vehicleId, present: (page) => page });
