import { and, asc, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { safetyEvents, type SafetyEventKind } from "@/db/schema";
import { findDriversDuring } from "@/lib/fleet/assignments";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

export type SafetyEventRow = typeof safetyEvents.$inferSelect & { driverId: number | null };

type ListOptions = Tenant & {
  db: Executor;
  /** Events stored (`by: "created"`) or that happened (`by: "time"`) in [start, end). */
  range?: { start: Date; end: Date };
  by?: "created" | "time";
  eventUuids?: readonly string[];
  vehicleIds?: readonly number[];
  kinds?: readonly SafetyEventKind[];
  afterId?: number;
  limit: number;
};

/** Who drove each event's vehicle when it happened (the driver–vehicle assignments, one read for the page). */
const withDrivers = async (db: Executor, tenant: Tenant, rows: (typeof safetyEvents.$inferSelect)[]): Promise<SafetyEventRow[]> => {
  if (rows.length === 0) return [];
  const times = rows.map((row) => row.time.getTime());
  const driverAt = await findDriversDuring({
    db,
    ...tenant,
    vehicleIds: [...new Set(rows.map((row) => row.vehicleId))],
    range: { start: new Date(Math.min(...times)), end: new Date(Math.max(...times)) },
  });
  return rows.map((row) => ({ ...row, driverId: driverAt(row.vehicleId, row.time.getTime())?.driverId ?? null }));
};

/**
 * The tenant's safety events (harsh driving, crashes) in id order (keyset after `afterId`), narrowed by range,
 * ids, vehicles and kinds, each with the driver who drove then.
 */
export const listSafetyEvents = async ({ db, range, by = "created", eventUuids, vehicleIds, kinds, afterId, limit, ...tenant }: ListOptions) => {
  const where: SQL[] = [whereTenant(safetyEvents, tenant)];
  const column = by === "created" ? safetyEvents.createdAt : safetyEvents.time;
  if (range) where.push(gte(column, range.start), lt(column, range.end));
  if (eventUuids) where.push(eventUuids.length > 0 ? inArray(safetyEvents.eventUuid, [...eventUuids]) : sql`false`);
  if (vehicleIds) where.push(inArray(safetyEvents.vehicleId, vehicleIds.length > 0 ? [...vehicleIds] : [-1]));
  if (kinds) where.push(kinds.length > 0 ? inArray(safetyEvents.kind, [...kinds]) : sql`false`);
  if (afterId !== undefined) where.push(gt(safetyEvents.id, afterId));
  const rows = await db
    .select()
    .from(safetyEvents)
    .where(and(...where))
    .orderBy(asc(safetyEvents.id))
    .limit(limit);
  return withDrivers(db, tenant, rows);
};
