import { and, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { idlingEvents, trips } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";
import type { ReportParams } from "./report-params";
import type { Report, ReportRow } from "./report-table";

type Context = { db: Executor; tenant: Tenant; params: ReportParams; timeZone: string; units: { units: Report["units"]; distance: (meters: number) => number }; vehicleName: (id: number) => string };

/**
 * Per vehicle and local day (the company's zone; a trip counts on the day it started): distance,
 * driving time, idle time, engine time (driving plus idling: the engine-on time the detector
 * attributes) and fuel used. Aggregated in the database from the detected trips and idles.
 */
export const dailySummaryRows = async ({ db, tenant, params, timeZone, units, vehicleName }: Context): Promise<Omit<Report, "totals" | "units">> => {
  const grouped = async (table: typeof trips | typeof idlingEvents) => {
    const where: SQL[] = [whereTenant(table, tenant), gte(table.startTime, params.start), lt(table.startTime, params.end)];
    if (params.vehicleIds) where.push(inArray(table.vehicleId, params.vehicleIds));
    if (params.driverIds) where.push(inArray(table.driverId, params.driverIds));
    const day = sql<string>`to_char(${table.startTime} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    return db
      .select({
        vehicleId: table.vehicleId,
        day,
        count: sql<number>`count(*)::int`,
        meters: table === trips ? sql<number>`sum(${trips.distanceMeters})::float8` : sql<number>`0::float8`,
        seconds: sql<number>`sum(extract(epoch from ${table.endTime} - ${table.startTime}))::float8`,
        fuel: sql<number | null>`sum(${table.fuelUsedPercent})::float8`,
      })
      .from(table)
      .where(and(...where))
      // By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
      .groupBy(sql`1, 2`);
  };
  const [tripDays, idleDays] = [await grouped(trips), await grouped(idlingEvents)];
  const rows = new Map<string, { vehicleId: number; day: string; trips: number; meters: number; driving: number; idle: number; fuel: number | null }>();
  const entry = (vehicleId: number, day: string) => {
    const key = `${vehicleId}|${day}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { vehicleId, day, trips: 0, meters: 0, driving: 0, idle: 0, fuel: null }));
    return row;
  };
  for (const day of tripDays) Object.assign(entry(day.vehicleId, day.day), { trips: day.count, meters: day.meters, driving: day.seconds, fuel: day.fuel });
  for (const day of idleDays) {
    const row = entry(day.vehicleId, day.day);
    row.idle = day.seconds;
    if (day.fuel !== null) row.fuel = (row.fuel ?? 0) + day.fuel;
  }
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
    rows: [...rows.values()]
      .sort((a, b) => a.day.localeCompare(b.day) || vehicleName(a.vehicleId).localeCompare(vehicleName(b.vehicleId)))
      .map((row): ReportRow => ({
        day: row.day,
        vehicle: vehicleName(row.vehicleId),
        trips: row.trips,
        distance: units.distance(row.meters),
        driving: toMinutes(row.driving),
        idle: toMinutes(row.idle),
        engine: toMinutes(row.driving + row.idle),
        fuel: row.fuel === null ? null : Math.round(row.fuel * 10) / 10,
      })),
  };
};
