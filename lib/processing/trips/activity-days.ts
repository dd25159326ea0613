import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicleActivityDays } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

type EventTable = "trips" | "idling_events";

/**
 * Inserts the trips and idles `scope` gives (the FROM and WHERE of each table, aliased `e`), summed
 * per tenant, vehicle, local day in `timeZone` (the day a trip or idle started) and driver: the one
 * definition of a vehicle_activity_days row.
 */
const insertGrouped = (db: Executor, timeZone: string, scope: (table: EventTable) => SQL) =>
  db.execute(sql`
    insert into vehicle_activity_days (company_id, dataset, vehicle_id, day, driver_id, trips, distance_meters, driving_seconds, idle_seconds,
      fuel_used_percent)
    select company_id, dataset, vehicle_id, (start_time at time zone ${timeZone})::date, driver_id, sum(trips)::int, sum(distance_meters),
      sum(driving_seconds), sum(idle_seconds), sum(fuel_used_percent)
    from (
      select e.company_id, e.dataset, e.vehicle_id, e.driver_id, e.start_time, 1 as trips, e.distance_meters, extract(epoch from e.end_time -
        e.start_time)::float8 as driving_seconds, 0::float8 as idle_seconds, e.fuel_used_percent::float8
      ${scope("trips")}
      union all
      select e.company_id, e.dataset, e.vehicle_id, e.driver_id, e.start_time, 0, 0, 0, extract(epoch from e.end_time - e.start_time)::float8,
        e.fuel_used_percent::float8
      ${scope("idling_events")}
    ) activity
    -- By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
    group by 1, 2, 3, 4, 5`);

/** Each vehicle with the instant its rewrite starts from, as rows `r(vehicle, since)`. */
const sinceRows = (since: readonly { vehicleId: number; from: number }[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(since.map(({ vehicleId, from }) => ({ vehicle: vehicleId, since: new Date(from).toISOString() })))}::jsonb)
    as r(vehicle int, since timestamptz)`;

/**
 * Rewrites the vehicles' days, each from the local day holding its `from` on, from the stored trips
 * and idles: called in the transaction that wrote or deleted them (each of those starting at or
 * after its vehicle's `from`), so the days equal grouping them again. Two statements for the batch.
 */
export const rewriteActivityDays = async ({
  db,
  tenant,
  since,
  timeZone,
}: {
  db: Executor;
  tenant: Tenant;
  since: readonly { vehicleId: number; from: number }[];
  timeZone: string;
}) => {
  if (since.length === 0) return;
  const { companyId, dataset } = tenant;
  await db.execute(sql`
    delete from vehicle_activity_days d using ${sinceRows(since)}
    where d.company_id = ${companyId} and d.dataset = ${dataset} and d.vehicle_id = r.vehicle and d.day >= (r.since at time zone ${timeZone})::date`);
  await insertGrouped(
    db,
    timeZone,
    (table) => sql`from ${sql.identifier(table)} e join ${sinceRows(since)}
      on e.vehicle_id = r.vehicle and e.start_time >= ((r.since at time zone ${timeZone})::date)::timestamp at time zone ${timeZone}
      where e.company_id = ${companyId} and e.dataset = ${dataset}`,
  );
};

/**
 * Rebuilds all the company's days (both datasets) in `timeZone`: its zone changed, so every trip
 * and idle may fall on another local day. One statement over all its trips and idles; run in the
 * transaction that changes the zone.
 */
export const rebuildActivityDays = async ({ db, companyId, timeZone }: { db: Executor; companyId: number; timeZone: string }) => {
  await db.delete(vehicleActivityDays).where(eq(vehicleActivityDays.companyId, companyId));
  await insertGrouped(db, timeZone, (table) => sql`from ${sql.identifier(table)} e where e.company_id = ${companyId}`);
};
