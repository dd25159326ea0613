import { sql, type AnyColumn } from "drizzle-orm";

/** A stream position: the last row's update time (milliseconds: every write stamps it from the clock in ms) and id. */
export type UpdatedPosition = { t: number; id: number };

/** Rows after `after` in (updatedAt, id) order: the streams by update time (DVIRs, defects, work orders) resume there. */
export const afterPosition = (table: { updatedAt: AnyColumn; id: AnyColumn }, after: UpdatedPosition | undefined) =>
  after ? sql`(${table.updatedAt}, ${table.id}) > (${new Date(after.t).toISOString()}::timestamptz, ${after.id})` : undefined;
