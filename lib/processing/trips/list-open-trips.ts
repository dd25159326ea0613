import { and, asc, gt, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray } from "@/db/rows";
import { tripDetectorStates } from "@/db/schema";
import { findDriversDuring } from "@/lib/fleet/assignments";
import { segmentSoFar, TRIP_MOTION, type MotionSegment } from "@/lib/telemetry/motion-segments";
import { reverseGeocode } from "@/lib/telemetry/store/reverse-geocode";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { fromDetectorStateRow } from "./detector-state-row";

/** A trip under way as its vehicle's detector state holds it: it ends, for now, at the vehicle's newest report. */
export type OpenTripRow = Omit<MotionSegment, "endTime" | "end"> & {
  vehicleId: number;
  /** The newest report so far (ms). */
  lastTime: number;
  startAddress: string;
  driverId: number | null;
  /** When the state was last written (the trip processor writes states every 10 s). */
  updatedAt: Date;
};

type ListOpenTripsOptions = Tenant & {
  db: Executor;
  /** Trips whose `by` time (start, or the state's last write) is in [start, end). */
  start: Date;
  end: Date;
  by: "start" | "updated";
  vehicleIds?: readonly number[];
  /** Keyset position: vehicles with a larger id. */
  afterVehicleId?: number;
  limit: number;
  now: Date;
};

/**
 * The tenant's trips in progress, in vehicle id order: the open trips of the trip detector's states
 * (lib/processing/trips/detector-states.ts) that are trips already, having got `minDisplacementMeters` from where
 * they began (until then it may be GPS jitter, which is never listed), and are still going at `now`:
 * neither at rest nor silent for the stop time (such a trip has ended and is stored, as completed,
 * when the vehicle next reports). Who drove: the driver at the trip's start, as for stored trips.
 */
export const listOpenTrips = async ({
  db,
  companyId,
  dataset,
  start,
  end,
  by,
  vehicleIds,
  afterVehicleId,
  limit,
  now,
}: ListOpenTripsOptions): Promise<OpenTripRow[]> => {
  const t = tripDetectorStates;
  const byColumn =
    by === "start" ? [gte(t.tripStartTimeMs, start.getTime()), lt(t.tripStartTimeMs, end.getTime())] : [gte(t.updatedAt, start), lt(t.updatedAt, end)];
  const where: SQL[] = [
    whereTenant(t, { companyId, dataset }),
    isNotNull(t.tripStartTimeMs),
    gte(t.tripFarthestMeters, TRIP_MOTION.minDisplacementMeters),
    sql`coalesce(${t.tripRestingSinceMs}, ${t.sampleTimeMs}) > ${now.getTime() - TRIP_MOTION.stopAfterMs}`,
    ...byColumn,
  ];
  if (vehicleIds) where.push(sql`${t.vehicleId} = any(${intArray(vehicleIds)})`);
  if (afterVehicleId !== undefined) where.push(gt(t.vehicleId, afterVehicleId));
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.vehicleId))
    .limit(limit);
  if (rows.length === 0) return [];
  const trips = rows.map((row) => ({ row, open: fromDetectorStateRow(row).activity.motion.open! }));
  const starts = trips.map(({ open }) => open.startTime);
  const driverAt = await findDriversDuring({
    db,
    companyId,
    dataset,
    vehicleIds: rows.map((row) => row.vehicleId),
    range: { start: new Date(Math.min(...starts)), end: new Date(Math.max(...starts)) },
  });
  return trips.map(({ row, open }) => {
    const { endTime: _now, end: _here, ...soFar } = segmentSoFar(open);
    return {
      ...soFar,
      vehicleId: row.vehicleId,
      lastTime: open.endTime,
      startAddress: reverseGeocode(open.start),
      driverId: driverAt(row.vehicleId, open.startTime)?.driverId ?? null,
      updatedAt: row.updatedAt,
    };
  });
};
