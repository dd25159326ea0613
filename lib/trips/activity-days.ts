import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicleActivityDays } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";

/**
 * Inserts the trips and idles matched by `where` (a condition on the columns both tables share,
 * unqualified), summed per tenant, vehicle, local day in `timeZone` (the day a trip or idle started)
 * and driver: the one definition of a vehicle_activity_days row.
 */
const insertGrouped = (db: Executor, timeZone: string, where: SQL) =>
  db.execute(sql`
    insert into vehicle_activity_days (company_id, dataset, vehicle_id, day, driver_id, trips, distance_meters, driving_seconds, idle_seconds, fuel_used_percent)
    select company_id, dataset, vehicle_id, (start_time at time zone ${timeZone})::date, driver_id, sum(trips)::int, sum(distance_meters), sum(driving_seconds), sum(idle_seconds), sum(fuel_used_percent)
    from (
      select company_id, dataset, vehicle_id, driver_id, start_time, 1 as trips, distance_meters, extract(epoch from end_time - start_time)::float8 as driving_seconds, 0::float8 as idle_seconds, fuel_used_percent::float8
      from trips where ${where}
      union all
      select company_id, dataset, vehicle_id, driver_id, start_time, 0, 0, 0, extract(epoch from end_time - start_time)::float8, fuel_used_percent::float8
      from idling_events where ${where}
    ) activity
    -- By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
    group by 1, 2, 3, 4, 5`);

/** The start of the local day holding `at` in `timeZone`. */
const localDayStart = (at: Date, timeZone: string) => sql`(((${at.toISOString()}::timestamptz at time zone ${timeZone})::date)::timestamp at time zone ${timeZone})`;

/**
 * Rewrites one vehicle's days from the local day holding `from` on, from its stored trips and idles:
 * called in the transaction that wrote or deleted them (every one of them starting at or after
 * `from`), so the days equal grouping them again.
 */
export const rewriteActivityDays = async ({ db, tenant, vehicleId, from, timeZone }: { db: Executor; tenant: Tenant; vehicleId: number; from: Date; timeZone: string }) => {
  const firstDay = sql`(${from.toISOString()}::timestamptz at time zone ${timeZone})::date`;
  await db.delete(vehicleActivityDays).where(and(whereTenant(vehicleActivityDays, tenant), eq(vehicleActivityDays.vehicleId, vehicleId), gte(vehicleActivityDays.day, firstDay)));
  await insertGrouped(db, timeZone, sql`company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and vehicle_id = ${vehicleId} and start_time >= ${localDayStart(from, timeZone)}`);
};

/**
 * Rebuilds all the company's days (both datasets) in `timeZone`: its zone changed, so every trip
 * and idle may fall on another local day. One statement over all its trips and idles; run in the
 * transaction that changes the zone.
 */
export const rebuildActivityDays = async ({ db, companyId, timeZone }: { db: Executor; companyId: number; timeZone: string }) => {
  await db.delete(vehicleActivityDays).where(eq(vehicleActivityDays.companyId, companyId));
  await insertGrouped(db, timeZone, sql`company_id = ${companyId}`);
};
