import { and, asc, eq, getTableColumns, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray } from "@/db/rows";
import { companies, drivers, idlingEvents, speedingIntervals, trips, vehicles } from "@/db/schema";
import { listFleetViolations } from "@/lib/hos/records/list-fleet-violations";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { convertDistance, convertSpeed, DISTANCE_UNIT_LABELS, SPEED_UNIT_LABELS, toDistanceUnit, type DistanceUnit } from "@/lib/platform/units";
import { dailySummaryRows } from "./daily-summary";
import type { ReportParams } from "./report-params";
import { createPlaceNamer } from "./place-namer";
import { stopsBetween } from "./stops-between";
import { timeAtPlacesRows } from "./time-at-places";
import { withTotals, type Report, type ReportRow } from "./report-table";

const MINUTE_MS = 60_000;

/** Converters to the company's units (lib/platform/units: its distance unit decides the speed unit too). */
export const unitsOf = (distanceUnit: DistanceUnit) => ({
  units: { distance: DISTANCE_UNIT_LABELS[distanceUnit], speed: SPEED_UNIT_LABELS[distanceUnit] },
  distance: (meters: number) => Math.round(convertDistance(meters, distanceUnit) * 10) / 10,
  speed: (mps: number) => Math.round(convertSpeed(mps, distanceUnit)),
});
export type Units = ReturnType<typeof unitsOf>;

const tripColumns = (() => {
  const { vehicleId, driverId, startTime, endTime, distanceMeters, maxSpeed, fuelUsedPercent } = getTableColumns(trips);
  const { startLatitude, startLongitude, startAddress, endLatitude, endLongitude, endAddress } = getTableColumns(trips);
  return {
    vehicleId,
    driverId,
    startTime,
    endTime,
    distanceMeters,
    maxSpeed,
    fuelUsedPercent,
    startLatitude,
    startLongitude,
    startAddress,
    endLatitude,
    endLongitude,
    endAddress,
  };
})();

const minutes = (start: Date, end: Date) => Math.round(((end.getTime() - start.getTime()) / MINUTE_MS) * 10) / 10;
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

type Context = {
  db: Executor;
  tenant: Tenant;
  params: ReportParams;
  timeZone: string;
  units: Units;
  /** The report's vehicles (those chosen, else the tenant's) by id. */
  vehicleNames: ReadonlyMap<number, string>;
  vehicleName: (id: number) => string;
  driverName: (id: number | null) => string;
  /** A trip end's or stop's name: the company's place, the street address, else the nearest town (./place-namer). */
  namePlace: (point: { latitude: number; longitude: number; address: string }) => Promise<string>;
};

const filters = (table: typeof trips | typeof idlingEvents | typeof speedingIntervals, { tenant, params }: Context) => {
  const where: SQL[] = [whereTenant(table, tenant), gte(table.startTime, params.start), lt(table.startTime, params.end)];
  if (params.vehicleIds) where.push(sql`${table.vehicleId} = any(${intArray(params.vehicleIds)})`);
  if (params.driverIds) where.push(sql`${table.driverId} = any(${intArray(params.driverIds)})`);
  return and(...where);
};

const tripRows = async (context: Context): Promise<Omit<Report, "totals" | "units">> => {
  const { db, units, vehicleName, driverName, namePlace } = context;
  const rows = await db.select(tripColumns).from(trips).where(filters(trips, context)).orderBy(asc(trips.vehicleId), asc(trips.startTime));
  const { distance, speed } = units;
  const named: ReportRow[] = [];
  // One at a time: a town is looked up once per cell and the next trip usually starts where the last ended.
  for (const trip of rows) {
    named.push({
      vehicle: vehicleName(trip.vehicleId),
      driver: driverName(trip.driverId),
      start: trip.startTime.toISOString(),
      end: trip.endTime.toISOString(),
      from: await namePlace({ latitude: trip.startLatitude, longitude: trip.startLongitude, address: trip.startAddress }),
      to: await namePlace({ latitude: trip.endLatitude, longitude: trip.endLongitude, address: trip.endAddress }),
      distance: distance(trip.distanceMeters),
      minutes: minutes(trip.startTime, trip.endTime),
      maxSpeed: speed(trip.maxSpeed),
      averageSpeed: speed(trip.distanceMeters / Math.max(1, (trip.endTime.getTime() - trip.startTime.getTime()) / 1000)),
      fuel: round1(trip.fuelUsedPercent),
    });
  }
  return {
    title: "Trips",
    columns: [
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "driver", label: "Driver", format: "text" },
      { key: "start", label: "Start", format: "time" },
      { key: "end", label: "End", format: "time" },
      { key: "from", label: "From", format: "text" },
      { key: "to", label: "To", format: "text" },
      { key: "distance", label: `Distance (${units.units.distance})`, format: "distance", total: "sum" },
      { key: "minutes", label: "Duration (min)", format: "minutes", total: "sum" },
      { key: "maxSpeed", label: `Max speed (${units.units.speed})`, format: "speed", total: "max" },
      { key: "averageSpeed", label: `Average speed (${units.units.speed})`, format: "speed" },
      { key: "fuel", label: "Fuel used (% of tank)", format: "percent", total: "sum" },
    ],
    rows: named,
  };
};

/** The range's trips in vehicle, then start order, with what stops need. */
const tripsForStops = (context: Context) => {
  const { vehicleId, startTime, endTime, endLatitude, endLongitude, endAddress } = getTableColumns(trips);
  return context.db
    .select({ vehicleId, startTime, endTime, endLatitude, endLongitude, endAddress })
    .from(trips)
    .where(filters(trips, context))
    .orderBy(asc(trips.vehicleId), asc(trips.startTime));
};

/** Stops: where each vehicle stood between two of its trips in the range. */
const stopRows = async (context: Context): Promise<Omit<Report, "totals" | "units">> => {
  const { vehicleName, namePlace } = context;
  const stops = stopsBetween(await tripsForStops(context));
  const placesOfStops: string[] = [];
  for (const stop of stops) placesOfStops.push(await namePlace(stop));
  return {
    title: "Stops",
    columns: [
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "start", label: "Arrived", format: "time" },
      { key: "end", label: "Left", format: "time" },
      { key: "place", label: "Place", format: "text" },
      { key: "minutes", label: "Duration (min)", format: "minutes", total: "sum" },
    ],
    rows: stops.map((stop, index) => ({
      vehicle: vehicleName(stop.vehicleId),
      start: stop.start.toISOString(),
      end: stop.end.toISOString(),
      place: placesOfStops[index],
      minutes: minutes(stop.start, stop.end),
    })),
  };
};

/** Time at places: the stops of the range at the tenant's places (lib/reports/time-at-places.ts). */
const placeRows = async (context: Context) => timeAtPlacesRows({ ...context, stops: stopsBetween(await tripsForStops(context)) });

const idlingRows = async (context: Context): Promise<Omit<Report, "totals" | "units">> => {
  const { db, vehicleName, driverName } = context;
  const rows = await db.select().from(idlingEvents).where(filters(idlingEvents, context)).orderBy(asc(idlingEvents.vehicleId), asc(idlingEvents.startTime));
  return {
    title: "Idling",
    columns: [
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "driver", label: "Driver", format: "text" },
      { key: "start", label: "Start", format: "time" },
      { key: "minutes", label: "Duration (min)", format: "minutes", total: "sum" },
      { key: "place", label: "Place", format: "text" },
      { key: "fuel", label: "Fuel used (% of tank)", format: "percent", total: "sum" },
    ],
    rows: rows.map((idle) => ({
      vehicle: vehicleName(idle.vehicleId),
      driver: driverName(idle.driverId),
      start: idle.startTime.toISOString(),
      minutes: minutes(idle.startTime, idle.endTime),
      place: idle.address,
      fuel: round1(idle.fuelUsedPercent),
    })),
  };
};

const speedingRows = async (context: Context): Promise<Omit<Report, "totals" | "units">> => {
  const { db, units, vehicleName, driverName } = context;
  const rows = await db
    .select()
    .from(speedingIntervals)
    .where(filters(speedingIntervals, context))
    .orderBy(asc(speedingIntervals.vehicleId), asc(speedingIntervals.startTime));
  return {
    title: "Speeding",
    columns: [
      { key: "vehicle", label: "Vehicle", format: "text" },
      { key: "driver", label: "Driver", format: "text" },
      { key: "start", label: "Start", format: "time" },
      { key: "minutes", label: "Duration (min)", format: "minutes", total: "sum" },
      { key: "maxSpeed", label: `Max speed (${units.units.speed})`, format: "speed", total: "max" },
      { key: "threshold", label: `Threshold (${units.units.speed})`, format: "speed" },
      { key: "place", label: "Place", format: "text" },
    ],
    rows: rows.map((interval) => ({
      vehicle: vehicleName(interval.vehicleId),
      driver: driverName(interval.driverId),
      start: interval.startTime.toISOString(),
      minutes: minutes(interval.startTime, interval.endTime),
      maxSpeed: units.speed(interval.maxSpeed),
      threshold: units.speed(interval.thresholdSpeed),
      place: interval.address,
    })),
  };
};

/** Per driver: trips, distance and driving time in the range, and the HOS violations in it. */
const driverRows = async (context: Context): Promise<Omit<Report, "totals" | "units">> => {
  const { db, tenant, params, units, driverName } = context;
  const totals = await db
    .select({
      driverId: trips.driverId,
      trips: sql<number>`count(*)::int`,
      meters: sql<number>`sum(${trips.distanceMeters})::float8`,
      seconds: sql<number>`sum(extract(epoch from ${trips.endTime} - ${trips.startTime}))::float8`,
    })
    .from(trips)
    .where(filters(trips, context))
    .groupBy(trips.driverId);
  const violations = await listFleetViolations({ db, ...tenant, from: params.start, to: params.end });
  const violationCount = new Map<number, number>();
  for (const violation of violations) violationCount.set(violation.driver.id, (violationCount.get(violation.driver.id) ?? 0) + 1);
  const driverIds = new Set(
    [...totals.map((row) => row.driverId).filter((id): id is number => id !== null), ...violationCount.keys()].filter(
      (id) => !params.driverIds || params.driverIds.includes(id),
    ),
  );
  const byDriver = new Map(totals.map((row) => [row.driverId, row]));
  return {
    title: "Driver summary",
    columns: [
      { key: "driver", label: "Driver", format: "text" },
      { key: "trips", label: "Trips", format: "count", total: "sum" },
      { key: "distance", label: `Distance (${units.units.distance})`, format: "distance", total: "sum" },
      { key: "minutes", label: "Driving time (min)", format: "minutes", total: "sum" },
      { key: "violations", label: "HOS violations", format: "count", total: "sum" },
    ],
    rows: [...driverIds]
      .map((id) => ({ id, row: byDriver.get(id) }))
      .sort((a, b) => driverName(a.id).localeCompare(driverName(b.id)))
      .map(({ id, row }) => ({
        driver: driverName(id),
        trips: row?.trips ?? 0,
        distance: units.distance(row?.meters ?? 0),
        minutes: Math.round((row?.seconds ?? 0) / 6) / 10,
        violations: violationCount.get(id) ?? 0,
      })),
  };
};

const BUILDERS = {
  trips: tripRows,
  stops: stopRows,
  places: placeRows,
  idling: idlingRows,
  speeding: speedingRows,
  daily: dailySummaryRows,
  drivers: driverRows,
} as const;

/** One report for the tenant, from the detected trips, idles and speeding intervals (never raw telemetry), in the company's units. */
export const buildReport = async ({
  db,
  tenant,
  params,
  timeZone,
}: {
  db: Executor;
  tenant: Tenant;
  params: ReportParams;
  timeZone: string;
}): Promise<Report> => {
  const [company] = await db.select({ distanceUnit: companies.distanceUnit }).from(companies).where(eq(companies.id, tenant.companyId));
  const distanceUnit = toDistanceUnit(company?.distanceUnit);
  const units = unitsOf(distanceUnit);
  const chosenVehicles = params.vehicleIds ? [sql`${vehicles.id} = any(${intArray(params.vehicleIds)})`] : [];
  const vehicleNames = new Map(
    (
      await db
        .select({ id: vehicles.id, name: vehicles.name })
        .from(vehicles)
        .where(and(whereTenant(vehicles, tenant), ...chosenVehicles))
    ).map((row) => [row.id, row.name]),
  );
  const driverNames = new Map(
    (await db.select({ id: drivers.id, name: drivers.name }).from(drivers).where(whereTenant(drivers, tenant))).map((row) => [row.id, row.name]),
  );
  const context: Context = {
    db,
    tenant,
    params,
    timeZone,
    units,
    vehicleNames,
    vehicleName: (id) => vehicleNames.get(id) ?? `Vehicle ${id}`,
    driverName: (id) => (id === null ? "" : (driverNames.get(id) ?? `Driver ${id}`)),
    namePlace: params.kind === "trips" || params.kind === "stops" ? await createPlaceNamer({ db, tenant, unit: distanceUnit }) : async ({ address }) => address,
  };
  return withTotals({ ...(await BUILDERS[params.kind](context)), units: units.units });
};
