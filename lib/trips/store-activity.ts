import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { idlingEvents, speedingIntervals, trips } from "@/db/schema";
import { reverseGeocode } from "@/lib/telemetry/reverse-geocode";
import type { Tenant } from "@/lib/tenant";
import type { DetectedActivity } from "./activity-detector";
import { rewriteActivityDays } from "./activity-days";

/** What detection gave one vehicle of a batch. */
export type VehicleActivity = {
  vehicleId: number;
  found: DetectedActivity;
  /** Where a late-point replay deleted the vehicle's trips, idles and speeding intervals from (null: no replay). */
  replayedFrom: number | null;
};

type EventTable = typeof trips | typeof idlingEvents | typeof speedingIntervals;

/**
 * The ON CONFLICT of storing detected rows: one already stored with the same vehicle and start (the
 * unique key; a window detected again) takes the newest detection's `fields` instead of gaining a copy.
 */
const onSameStart = (table: EventTable, fields: readonly string[]) => {
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const key = ["companyId", "dataset", "vehicleId", "startTime"];
  const set: Record<string, SQL> = Object.fromEntries(fields.filter((field) => !key.includes(field)).map((field) => [field, sql`excluded.${sql.identifier(columns[field].name)}`]));
  return { target: [table.companyId, table.dataset, table.vehicleId, table.startTime], set };
};

/**
 * Writes a batch's newly detected trips, idles and speeding intervals, with addresses and drivers
 * (one statement a table for the whole batch), and rewrites each vehicle's activity days
 * (vehicle_activity_days) from the earliest day its new rows or its replay's deletions touched.
 */
export const storeActivity = async ({ db, tenant, vehicles, driverOf, timeZone }: {
  db: Executor;
  tenant: Tenant;
  vehicles: readonly VehicleActivity[];
  driverOf: (vehicleId: number, at: number) => number | null;
  /** The company's zone: its local days. */
  timeZone: string;
}) => {
  const common = (vehicleId: number, startTime: number, endTime: number) => ({ ...tenant, vehicleId, driverId: driverOf(vehicleId, startTime), startTime: new Date(startTime), endTime: new Date(endTime) });
  const tripRows = vehicles.flatMap(({ vehicleId, found }) =>
    found.trips.map((trip) => ({
      ...common(vehicleId, trip.startTime, trip.endTime),
      startLatitude: trip.start.latitude,
      startLongitude: trip.start.longitude,
      startAddress: reverseGeocode(trip.start),
      endLatitude: trip.end.latitude,
      endLongitude: trip.end.longitude,
      endAddress: reverseGeocode(trip.end),
      distanceMeters: trip.distanceMeters,
      maxSpeed: trip.maxSpeedMps,
      fuelUsedPercent: trip.fuelUsedPercent,
    })),
  );
  const idleRows = vehicles.flatMap(({ vehicleId, found }) =>
    found.idles.map((idle) => ({ ...common(vehicleId, idle.startTime, idle.endTime), latitude: idle.latitude, longitude: idle.longitude, address: reverseGeocode(idle), fuelUsedPercent: idle.fuelUsedPercent })),
  );
  const speedingRows = vehicles.flatMap(({ vehicleId, found }) =>
    found.speedings.map((interval) => ({ ...common(vehicleId, interval.startTime, interval.endTime), latitude: interval.latitude, longitude: interval.longitude, address: reverseGeocode(interval), maxSpeed: interval.maxSpeedMps, thresholdSpeed: interval.thresholdMps })),
  );
  if (tripRows.length > 0) {
    const { target, set } = onSameStart(trips, Object.keys(tripRows[0]));
    // A trip changed in place is new again to an updatedAtTime feed (/trips/stream): the proposed row's
    // default time, as Citus refuses now() in DO UPDATE SET on a distributed table.
    await db.insert(trips).values(tripRows).onConflictDoUpdate({ target, set: { ...set, updatedAt: sql`excluded.${sql.identifier(trips.updatedAt.name)}` } });
  }
  if (idleRows.length > 0) await db.insert(idlingEvents).values(idleRows).onConflictDoUpdate(onSameStart(idlingEvents, Object.keys(idleRows[0])));
  if (speedingRows.length > 0) await db.insert(speedingIntervals).values(speedingRows).onConflictDoUpdate(onSameStart(speedingIntervals, Object.keys(speedingRows[0])));
  const since = vehicles.flatMap(({ vehicleId, found, replayedFrom }) => {
    const from = Math.min(replayedFrom ?? Infinity, ...[...found.trips, ...found.idles].map((event) => event.startTime));
    return from === Infinity ? [] : [{ vehicleId, from }];
  });
  await rewriteActivityDays({ db, tenant, since, timeZone });
};
