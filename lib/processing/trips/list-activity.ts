import { and, asc, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { idlingEvents, speedingIntervals, trips } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";

export type TripRow = typeof trips.$inferSelect;
export type IdlingEventRow = typeof idlingEvents.$inferSelect;
export type SpeedingIntervalRow = typeof speedingIntervals.$inferSelect;

type ListOptions = Tenant & {
  db: Executor;
  /** Rows whose `by` time is in [start, end). */
  start: Date;
  end: Date;
  vehicleIds?: readonly number[];
  driverIds?: readonly number[];
  afterId?: number;
  limit: number;
};

const conditions = (
  table: typeof trips | typeof idlingEvents | typeof speedingIntervals,
  { companyId, dataset, start, end, vehicleIds, driverIds, afterId }: ListOptions,
  byColumn: PgColumn = table.startTime,
) => {
  const where: SQL[] = [whereTenant(table, { companyId, dataset }), gte(byColumn, start), lt(byColumn, end)];
  if (vehicleIds) where.push(inArray(table.vehicleId, vehicleIds.length > 0 ? [...vehicleIds] : [-1]));
  if (driverIds) where.push(inArray(table.driverId, driverIds.length > 0 ? [...driverIds] : [-1]));
  if (afterId !== undefined) where.push(gt(table.id, afterId));
  return and(...where);
};

/** The tenant's trips started (or, `by: "updated"`, last written) in the range, in id order (keyset pages). */
export const listTrips = (options: ListOptions & { by?: "start" | "updated" }) =>
  options.db
    .select()
    .from(trips)
    .where(conditions(trips, options, options.by === "updated" ? trips.updatedAt : trips.startTime))
    .orderBy(asc(trips.id))
    .limit(options.limit);

/** The tenant's idling events that began in the range, at least `minDurationMs` long, in id order. */
export const listIdlingEvents = ({ minDurationMs, maxDurationMs, ...options }: ListOptions & { minDurationMs?: number; maxDurationMs?: number }) => {
  const duration = sql`extract(epoch from ${idlingEvents.endTime} - ${idlingEvents.startTime}) * 1000`;
  const where = [conditions(idlingEvents, options)];
  if (minDurationMs !== undefined) where.push(sql`${duration} >= ${minDurationMs}`);
  if (maxDurationMs !== undefined) where.push(sql`${duration} <= ${maxDurationMs}`);
  return options.db
    .select()
    .from(idlingEvents)
    .where(and(...where))
    .orderBy(asc(idlingEvents.id))
    .limit(options.limit);
};

/** The tenant's speeding intervals that began in the range, in time order. */
export const listSpeedingIntervals = (options: Omit<ListOptions, "afterId">) =>
  options.db.select().from(speedingIntervals).where(conditions(speedingIntervals, options)).orderBy(asc(speedingIntervals.startTime)).limit(options.limit);
