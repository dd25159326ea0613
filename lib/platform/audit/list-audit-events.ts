import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS, type CursorScope } from "@/lib/platform/cursor";
import type { TimeRange } from "@/lib/platform/time-range";
import type { AuditAction, AuditTargetType } from "./audit-actions";

export type AuditEventFilters = {
  /** Part of the actor's name, any case. */
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** Omitted: every time (the API keys page's trail, which shows the newest events). */
  range?: TimeRange;
};

export type AuditEvent = typeof auditEvents.$inferSelect;

// Keyset on the id alone: ids are issued in commit order closely enough for a log, and a timestamp
// (microseconds in the database, milliseconds in JavaScript) would not survive the round trip.
type Position = { id: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// The filters are part of the cursor's scope, so a cursor cannot be replayed against other filters.
const scopeOf = (companyId: number, filters: AuditEventFilters): CursorScope => ({
  endpoint: `audit-log?${JSON.stringify([filters.actor, filters.action, filters.targetType, filters.targetId, filters.range?.start, filters.range?.end])}`,
  companyId,
  dataset: "live",
});

const conditions = (companyId: number, filters: AuditEventFilters): SQL[] => [
  eq(auditEvents.companyId, companyId),
  ...(filters.range ? [gte(auditEvents.occurredAt, filters.range.start), lt(auditEvents.occurredAt, filters.range.end)] : []),
  ...(filters.actor ? [ilike(auditEvents.actorName, `%${escapeLike(filters.actor)}%`)] : []),
  ...(filters.action ? [eq(auditEvents.action, filters.action)] : []),
  ...(filters.targetType ? [eq(auditEvents.targetType, filters.targetType)] : []),
  ...(filters.targetId ? [eq(auditEvents.targetId, filters.targetId)] : []),
];

/**
 * One page of the company's audit log, newest first, filtered; `endCursor` (signed, for these
 * filters only) reads the next page. 400 for a cursor of another company, filter or endpoint.
 */
export const listAuditEvents = async ({
  db,
  companyId,
  filters,
  after,
  limit = 50,
}: {
  db: Executor;
  companyId: number;
  filters: AuditEventFilters;
  after?: string;
  limit?: number;
}) => {
  const scope = scopeOf(companyId, filters);
  const position = after ? decodeCursor<Position>({ cursor: after, scope }) : null;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions(companyId, filters), ...(position ? [lt(auditEvents.id, position.id)] : [])))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit && last !== undefined;
  return {
    events: page,
    endCursor: hasNextPage ? encodeCursor<Position>({ scope, position: { id: last.id }, ttlMs: LIST_CURSOR_TTL_MS }) : null,
  };
};

/** Every event matching the filters, newest first, in pages of `batch` (the CSV export). */
export async function* eachAuditEvent({
  db,
  companyId,
  filters,
  batch = 500,
}: {
  db: Executor;
  companyId: number;
  filters: AuditEventFilters;
  batch?: number;
}) {
  let after: string | undefined;
  do {
    const page = await listAuditEvents({ db, companyId, filters, after, limit: batch });
    yield* page.events;
    after = page.endCursor ?? undefined;
  } while (after);
}
