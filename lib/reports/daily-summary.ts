import { and, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { vehicleActivityDays } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/tenant";
import type { ReportParams } from "./report-params";
import type { Report, ReportRow } from "./report-table";

type Context = { db: Executor; tenant: Tenant; params: ReportParams; units: { units: Report["units"]; distance: (meters: number) => number }; vehicleName: (id: number) => string };

/**
 * Per vehicle and local day (the company's zone; a trip counts on the day it started): distance,
 * driving time, idle time, engine time (driving plus idling: the engine-on time the detector
 * attributes) and fuel used. Read from vehicle_activity_days, which the trip processor keeps equal
 * to grouping the detected trips and idles (lib/trips/activity-days.ts); its rows are per driver
 * too, so the driver filter is exact.
 */
export const dailySummaryRows = async ({ db, tenant, params, units, vehicleName }: Context): Promise<Omit<Report, "totals" | "units">> => {
  const where: SQL[] = [whereTenant(vehicleActivityDays, tenant), gte(vehicleActivityDays.day, params.from), lte(vehicleActivityDays.day, params.to)];
  if (params.vehicleIds) where.push(inArray(vehicleActivityDays.vehicleId, params.vehicleIds));
  if (params.driverIds) where.push(inArray(vehicleActivityDays.driverId, params.driverIds));
  const rows = await db
    .select({
      vehicleId: vehicleActivityDays.vehicleId,
      day: sql<string>`${vehicleActivityDays.day}::text`,
      trips: sql<number>`sum(${vehicleActivityDays.trips})::int`,
      meters: sql<number>`sum(${vehicleActivityDays.distanceMeters})`,
      driving: sql<number>`sum(${vehicleActivityDays.drivingSeconds})`,
      idle: sql<number>`sum(${vehicleActivityDays.idleSeconds})`,
      fuel: sql<number | null>`sum(${vehicleActivityDays.fuelUsedPercent})`,
    })
    .from(vehicleActivityDays)
    .where(and(...where))
    .groupBy(vehicleActivityDays.vehicleId, vehicleActivityDays.day);
  // Names compared once per vehicle, not once per pair of rows (300,000 rows for a month of a large fleet).
  const nameOrder = new Map([...new Set(rows.map((row) => row.vehicleId))].sort((a, b) => vehicleName(a).localeCompare(vehicleName(b))).map((id, index) => [id, index]));
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
    rows: rows
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : (nameOrder.get(a.vehicleId) ?? 0) - (nameOrder.get(b.vehicleId) ?? 0)))
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
