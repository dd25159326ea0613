import type { Executor } from "@/db/client";
import { idlingEvents, speedingIntervals, trips } from "@/db/schema";
import { reverseGeocode } from "@/lib/telemetry/reverse-geocode";
import type { Tenant } from "@/lib/tenant";
import type { DetectedActivity } from "./activity-detector";
import { rewriteActivityDays } from "./activity-days";

/**
 * Writes one vehicle's newly detected trips, idles and speeding intervals, with addresses and
 * drivers, and rewrites its activity days (vehicle_activity_days) from the earliest day they or a
 * replay's deletions touched.
 */
export const storeActivity = async ({ db, tenant, vehicleId, found, driverOf, replayedFrom, timeZone }: {
  db: Executor;
  tenant: Tenant;
  vehicleId: number;
  found: DetectedActivity;
  driverOf: (vehicleId: number, at: number) => number | null;
  /** Where a late-point replay deleted this vehicle's trips, idles and speeding intervals from (null: no replay). */
  replayedFrom: number | null;
  /** The company's zone: its local days. */
  timeZone: string;
}) => {
  const common = (startTime: number, endTime: number) => ({ ...tenant, vehicleId, driverId: driverOf(vehicleId, startTime), startTime: new Date(startTime), endTime: new Date(endTime) });
  if (found.trips.length > 0) {
    await db.insert(trips).values(
      found.trips.map((trip) => ({
        ...common(trip.startTime, trip.endTime),
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
  }
  if (found.idles.length > 0) {
    await db.insert(idlingEvents).values(found.idles.map((idle) => ({ ...common(idle.startTime, idle.endTime), latitude: idle.latitude, longitude: idle.longitude, address: reverseGeocode(idle), fuelUsedPercent: idle.fuelUsedPercent })));
  }
  if (found.speedings.length > 0) {
    await db.insert(speedingIntervals).values(
      found.speedings.map((interval) => ({ ...common(interval.startTime, interval.endTime), latitude: interval.latitude, longitude: interval.longitude, address: reverseGeocode(interval), maxSpeed: interval.maxSpeedMps, thresholdSpeed: interval.thresholdMps })),
    );
  }
  const touchedFrom = Math.min(replayedFrom ?? Infinity, ...[...found.trips, ...found.idles].map((event) => event.startTime));
  if (touchedFrom !== Infinity) await rewriteActivityDays({ db, tenant, vehicleId, from: new Date(touchedFrom), timeZone });
};
