import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/platform/tenant";
import type { ReportParams } from "./report-params";
import type { Report, ReportRow } from "./report-table";

type Context = {
  db: Executor;
  tenant: Tenant;
  params: ReportParams;
  units: { units: Report["units"]; distance: (meters: number) => number };
  vehicleNames: ReadonlyMap<number, string>;
  vehicleName: (id: number) => string;
};

type DayRow = { vehicleId: number; day: string; trips: number; meters: number; driving: number; idle: number; fuel: number | null; noEngine: boolean };

/**
 * Per vehicle and local day (the company's zone; a trip counts on the day it started): distance,
 * driving time, idle time, engine time (driving plus idling: the engine-on time the detector
 * attributes; none for a vehicle whose latest stats carry no engine state or hours, such as a phone
 * reporting over OsmAnd: it knows no engine) and fuel used. Read from vehicle_activity_days, which the trip processor keeps equal
 * to grouping the detected trips and idles (lib/processing/trips/activity-days.ts); its rows are per driver
 * too, so the driver filter is exact. The database also orders the rows (by day, then by vehicle
 * name, ranked here once): a month of a large fleet is 300,000 rows, too many to sort in JavaScript.
 */
export const dailySummaryRows = async ({ db, tenant, params, units, vehicleNames, vehicleName }: Context): Promise<Omit<Report, "totals" | "units">> => {
  const byName = [...vehicleNames.keys()].sort((a, b) => vehicleName(a).localeCompare(vehicleName(b)));
  const rows = await queryRows<DayRow>(
    db,
    sql`select d.vehicle_id as "vehicleId", d.day::text as day, sum(d.trips)::int as trips, sum(d.distance_meters) as meters,
          sum(d.driving_seconds) as driving, sum(d.idle_seconds) as idle, sum(d.fuel_used_percent) as fuel,
          coalesce(bool_or(vs.vehicle_id is not null and vs.engine_state is null and vs.engine_seconds is null), false) as "noEngine"
        from vehicle_activity_days d left join unnest(${intArray(byName)}) with ordinality as named(vehicle_id, rank) on named.vehicle_id = d.vehicle_id
          left join vehicle_state vs on vs.company_id = d.company_id and vs.dataset = d.dataset and vs.vehicle_id = d.vehicle_id
        where d.company_id = ${tenant.companyId} and d.dataset = ${tenant.dataset} and d.day >= ${params.from}::date and d.day <= ${params.to}::date
          ${params.vehicleIds ? sql`and d.vehicle_id = any(${intArray(params.vehicleIds)})` : sql``}
          ${params.driverIds ? sql`and d.driver_id = any(${intArray(params.driverIds)})` : sql``}
        group by d.day, named.rank, d.vehicle_id
        order by d.day, named.rank nulls last, d.vehicle_id`,
  );
  const toMinutes = (seconds: number) => Math.round(seconds / 6) / 10;
  return {
    title: "Daily summary per vehicle",
    columns: [
      { key: "day", label: "Day", format: "day" },
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "trips", label: "Trips", format: "count", total: "sum" },
      { key: "distance", label: `Distance (${units.units.distance})`, format: "distance", total: "sum" },
      { key: "driving", label: "Driving time (min)", format: "minutes", total: "sum" },
      { key: "idle", label: "Idle time (min)", format: "minutes", total: "sum" },
      { key: "engine", label: "Engine time (min)", format: "minutes", total: "sum" },
      { key: "fuel", label: "Fuel used (% of tank)", format: "percent", total: "sum" },
    ],
    rows: rows.map((row): ReportRow => ({
      day: row.day,
      vehicle: vehicleName(row.vehicleId),
      trips: row.trips,
      distance: units.distance(row.meters),
      driving: toMinutes(row.driving),
      idle: toMinutes(row.idle),
      engine: row.noEngine ? null : toMinutes(row.driving + row.idle),
      fuel: row.fuel === null ? null : Math.round(row.fuel * 10) / 10,
    })),
  };
};
