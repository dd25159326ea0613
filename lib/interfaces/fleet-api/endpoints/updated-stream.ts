import { z } from "zod";
import { decodeCursor, encodeCursor, FEED_CURSOR_TTL_MS, LIST_CURSOR_TTL_MS, type CursorScope } from "@/lib/platform/cursor";
import type { Tenant } from "@/lib/platform/tenant";
import { parseInstant, parseTimeRange } from "@/lib/platform/time-range";
import type { UpdatedPosition } from "@/lib/platform/updated-position";
import type { Page } from "../pagination";
import { cursorScope } from "./context";

export const streamRange = {
  startTime: z.string().meta({ description: "RFC 3339: records updated at or after it. Required." }),
  endTime: z
    .string()
    .optional()
    .meta({ description: "RFC 3339: records updated before it (at most 35 days after startTime). Without it the stream is a feed: poll with endCursor." }),
};

/**
 * A stream by update time (Samsara's /dvirs/stream, /defects/stream, /maintenance/work-orders/stream). With `endTime`, pages of the
 * range; without it a feed up to now whose endCursor is always set, to poll for later changes.
 */
export const readUpdatedStream = async <R extends { id: number; updatedAt: Date }, T>({
  tenant,
  endpoint,
  query,
  read,
  present,
}: {
  tenant: Tenant;
  endpoint: string;
  query: { startTime: string; endTime?: string; after?: string; limit: number };
  read: (range: { startTime: Date; endTime: Date; after: UpdatedPosition | undefined; limit: number }) => Promise<R[]>;
  present: (row: R) => T;
}): Promise<Page<T>> => {
  const names = ["startTime", "endTime"] as const;
  const feed = query.endTime === undefined;
  const range = feed
    ? { start: parseInstant(query.startTime, "startTime"), end: new Date() }
    : parseTimeRange({ start: query.startTime, end: query.endTime, names });
  const scope: CursorScope = cursorScope(`${endpoint}?${range.start.getTime()}-${query.endTime ?? "feed"}`, tenant);
  const after = query.after === undefined ? undefined : (decodeCursor<UpdatedPosition | null>({ cursor: query.after, scope }) ?? undefined);
  const rows = await read({ startTime: range.start, endTime: range.end, after, limit: query.limit + 1 });
  const hasNextPage = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const position = last ? { t: last.updatedAt.getTime(), id: last.id } : (after ?? null);
  const endCursor = hasNextPage || feed ? encodeCursor({ scope, position, ttlMs: feed ? FEED_CURSOR_TTL_MS : LIST_CURSOR_TTL_MS }) : "";
  return { data: page.map(present), pagination: { endCursor, hasNextPage } };
};
