import { getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { insertFromJson } from "@/db/rows";
import { idlingEvents, speedingIntervals, trips } from "@/db/schema";
import { reverseGeocode } from "@/lib/telemetry/store/reverse-geocode";
import type { Tenant } from "@/lib/platform/tenant";
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
 * Stores detected rows (one statement for the batch); one already stored with the same vehicle and
 * start (the unique key: a window detected again) takes the newest detection's values instead of
 * gaining a copy. `updated_at`, left out of the rows, is the proposed row's default: a trip changed in
 * place is new again to an updatedAtTime feed (/trips/stream), and Citus refuses now() in DO UPDATE
 * SET on a distributed table.
 */
const upsertDetected = async (db: Executor, table: EventTable, rows: readonly Record<string, unknown>[]) => {
  if (rows.length === 0) return;
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const key = ["companyId", "dataset", "vehicleId", "startTime"];
  const changed = [...Object.keys(rows[0]).filter((field) => !key.includes(field)), ...("updatedAt" in columns ? ["updatedAt"] : [])];
  const set = sql.join(
    changed.map((field) => sql`${sql.identifier(columns[field].name)} = excluded.${sql.identifier(columns[field].name)}`),
    sql`, `,
  );
  await db.execute(sql`${insertFromJson(table, rows)} on conflict (company_id, dataset, vehicle_id, start_time) do update set ${set}`);
};

/**
 * Writes a batch's newly detected trips, idles and speeding intervals, with addresses and drivers
 * (one statement a table for the whole batch), and rewrites each vehicle's activity days
 * (vehicle_activity_days) from the earliest day its new rows or its replay's deletions touched.
 */
export const storeActivity = async ({
  db,
  tenant,
  vehicles,
  driverOf,
  timeZone,
}: {
  db: Executor;
  tenant: Tenant;
  vehicles: readonly VehicleActivity[];
  driverOf: (vehicleId: number, at: number) => number | null;
  /** The company's zone: its local days. */
  timeZone: string;
}) => {
  const common = (vehicleId: number, startTime: number, endTime: number) => ({
    ...tenant,
    vehicleId,
    driverId: driverOf(vehicleId, startTime),
    startTime: new Date(startTime),
    endTime: new Date(endTime),
  });
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
    found.idles.map((idle) => ({
      ...common(vehicleId, idle.startTime, idle.endTime),
      latitude: idle.latitude,
      longitude: idle.longitude,
      address: reverseGeocode(idle),
      fuelUsedPercent: idle.fuelUsedPercent,
    })),
  );
  const speedingRows = vehicles.flatMap(({ vehicleId, found }) =>
    found.speedings.map((interval) => ({
      ...common(vehicleId, interval.startTime, interval.endTime),
      latitude: interval.latitude,
      longitude: interval.longitude,
      address: reverseGeocode(interval),
      maxSpeed: interval.maxSpeedMps,
      thresholdSpeed: interval.thresholdMps,
    })),
  );
  await upsertDetected(db, trips, tripRows);
  await upsertDetected(db, idlingEvents, idleRows);
  await upsertDetected(db, speedingIntervals, speedingRows);
  const since = vehicles.flatMap(({ vehicleId, found, replayedFrom }) => {
    const from = Math.min(replayedFrom ?? Infinity, ...[...found.trips, ...found.idles].map((event) => event.startTime));
    return from === Infinity ? [] : [{ vehicleId, from }];
  });
  await rewriteActivityDays({ db, tenant, since, timeZone });
};
