import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** A stream position: the last row's update time (milliseconds: every write stamps it from the clock in ms) and id. */
export type UpdatedPosition = { t: number; id: number };

/**
 * A row's update time to the millisecond, for rows the database's clock stamps (microseconds): a position
 * holds milliseconds, so such rows compare and sort on this, or a page's last row would come again.
 */
export const updatedMs = (column: AnyColumn) => sql`date_trunc('milliseconds', ${column})`;

/** Rows after `after` in (updatedAt, id) order: the streams by update time (DVIRs, defects, work orders) resume there. */
export const afterPosition = (table: { updatedAt: AnyColumn | SQL; id: AnyColumn }, after: UpdatedPosition | undefined) =>
  after ? sql`(${table.updatedAt}, ${table.id}) > (${new Date(after.t).toISOString()}::timestamptz, ${after.id})` : undefined;
