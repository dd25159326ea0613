import type { Executor } from "@/db/client";
import { findDriverForVehicle, findDriversForVehicles, type AssignedRef } from "@/lib/fleet/assignments";
import { listHosClocksPage } from "@/lib/interfaces/fleet-api/endpoints/hos";
import { CURRENT_API_VERSION } from "@/lib/platform/api-versions";
import { decodeCursor, encodeCursor, FEED_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import type { Tenant } from "@/lib/platform/tenant";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { findFaultCodeHistory } from "@/lib/telemetry/vehicle-history/find-fault-code-history";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { findStatsHistory } from "@/lib/telemetry/vehicle-history/find-stats-history";
import { describeLocation } from "@/lib/telemetry/vehicle-state/describe-location";
import { getFeedSeq } from "@/lib/telemetry/vehicle-state/feed-seq";
import { listActiveFaultCodes } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import { listVehicleStates, type VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { readPositionChanges, readStatChanges, type StatChange } from "@/lib/telemetry/vehicle-state/read-changes";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import { listVehicles, type VehicleRow } from "@/lib/fleet/vehicles/list-vehicles";
import { listTrips } from "@/lib/processing/trips/list-activity";
import { listSafetyEvents, type SafetyEventRow } from "@/lib/processing/safety-events/list-safety-events";
import { openLiveStream } from "@/lib/live/stream/open-live-stream";
import { readLiveChanges } from "@/lib/live/stream/read-live-changes";
import type { FleetSource } from "./fleet-source";
import { presentFaultCode, presentFleetChanges, presentLiveLocation, presentLiveStats } from "../../live/stream/present";
import {
  HISTORY_SAFETY_EVENTS_LIMIT,
  HISTORY_TRIPS_LIMIT,
  RECENT_SAFETY_EVENTS,
  STAT_SERIES,
  type HistorySafetyEvent,
  type FleetChanges,
  type LiveVehicle,
  type StatSeriesName,
} from "./types";

const PAGE = 5_000;
/** Most changes one poll returns; a busier interval continues on the next poll from the returned cursor. */
const MAX_CHANGES = 50_000;

const allPages = async <R>(fetchPage: (afterId: number | undefined) => Promise<R[]>, idOf: (row: R) => number) => {
  const rows: R[] = [];
  let afterId: number | undefined;
  for (;;) {
    const page = await fetchPage(afterId);
    rows.push(...page);
    if (page.length < PAGE) return rows;
    afterId = idOf(page[page.length - 1]);
  }
};

const toLiveVehicle = (vehicle: VehicleRow, state: VehicleStateRow | undefined, driver: AssignedRef | null): LiveVehicle => ({
  id: String(vehicle.id),
  name: vehicle.name,
  vin: vehicle.vin,
  plateNumber: vehicle.plateNumber,
  isTrailer: vehicle.assetKind === "trailer",
  driverName: driver?.name ?? null,
  tags: vehicle.tags.map((tag) => ({ id: String(tag.id), name: tag.name, parentTagId: tag.parentTagId === null ? null : String(tag.parentTagId) })),
  location: state ? presentLiveLocation(state) : null,
  stats: state ? presentLiveStats(state) : null,
});

const DAY_MS = 86_400_000;

const toHistorySafetyEvent = (event: SafetyEventRow): HistorySafetyEvent => ({
  id: event.eventUuid,
  time: event.time.toISOString(),
  kind: event.kind,
  latitude: event.latitude,
  longitude: event.longitude,
  speed: event.speed,
  severity: event.severity,
  source: event.source,
});

/** The dashboard's data from this app's own domain functions, for one tenant. */
export const createInProcessSource = ({ db, companyId, dataset }: Tenant & { db: Executor }): FleetSource => {
  const tenant = { db, companyId, dataset };
  const cursorScope = (feed: "locations" | "stats") => ({ endpoint: `dashboard/fleet/${feed}`, companyId, dataset });
  const cursor = (feed: "locations" | "stats", seq: number) => encodeCursor({ scope: cursorScope(feed), position: { seq }, ttlMs: FEED_CURSOR_TTL_MS });

  return {
    listVehicleOptions: async () => {
      // Trailers too: they have their own playback and reports, as vehicles do.
      const vehicles = await allPages(
        (afterId) => listVehicles({ ...tenant, kind: "any", afterId, limit: PAGE }),
        (row) => row.id,
      );
      const driverOf = await findDriversForVehicles({ ...tenant, vehicleIds: vehicles.map((vehicle) => vehicle.id), at: new Date() });
      return vehicles.map((vehicle) => ({ id: String(vehicle.id), name: vehicle.name, vin: vehicle.vin, driverName: driverOf.get(vehicle.id)?.name ?? null }));
    },

    getSnapshot: async () => {
      // The sequence first: changes committed while the state is read are sent again on the first poll, never lost.
      const seq = await getFeedSeq(tenant);
      const [vehicles, states] = await Promise.all([
        // The live map shows trailers beside the vehicles, each with its own marker.
        allPages(
          (afterId) => listVehicles({ ...tenant, kind: "any", afterId, limit: PAGE }),
          (row) => row.id,
        ),
        allPages(
          (afterId) => listVehicleStates({ ...tenant, kind: "any", afterId, limit: PAGE }),
          (row) => row.vehicleId,
        ),
      ]);
      const stateById = new Map(states.map((state) => [state.vehicleId, state]));
      // Who drives each vehicle now: an assignment, else its static driver (lib/fleet/assignments).
      const driverOf = await findDriversForVehicles({ ...tenant, vehicleIds: vehicles.map((vehicle) => vehicle.id), at: new Date() });
      return {
        vehicles: vehicles.map((vehicle) => toLiveVehicle(vehicle, stateById.get(vehicle.id), driverOf.get(vehicle.id) ?? null)),
        locationsCursor: cursor("locations", seq),
        statsCursor: cursor("stats", seq),
        streamSeq: seq,
      };
    },

    getChanges: async ({ locationsAfter, statsAfter }) => {
      const locationsSeq = decodeCursor<{ seq: number }>({ cursor: locationsAfter, scope: cursorScope("locations") }).seq;
      const statsSeq = decodeCursor<{ seq: number }>({ cursor: statsAfter, scope: cursorScope("stats") }).seq;
      const uptoSeq = await getFeedSeq(tenant);
      const positions = await readPositionChanges({ ...tenant, afterSeq: locationsSeq, uptoSeq, limit: MAX_CHANGES });
      const stats = (await readStatChanges({ ...tenant, afterSeq: statsSeq, uptoSeq, limit: MAX_CHANGES, includePositions: false })) as StatChange[];
      const nextSeq = (rows: readonly { seq: number }[]) => (rows.length === MAX_CHANGES ? rows[rows.length - 1].seq : uptoSeq);
      const changes: FleetChanges = {
        ...presentFleetChanges({ positions, stats }),
        locationsCursor: cursor("locations", Math.max(locationsSeq, nextSeq(positions))),
        statsCursor: cursor("stats", Math.max(statsSeq, nextSeq(stats))),
      };
      return changes;
    },

    openChangeStream: ({ afterSeq, signal, onClose }) =>
      openLiveStream({
        tenant: { companyId, dataset },
        afterSeq,
        signal,
        onClose,
        replay: { headSeq: () => getFeedSeq(tenant), beyond: "end" },
        read: (after) => readLiveChanges({ ...tenant, afterSeq: after }),
      }),

    getVehicleDetails: async ({ vehicleId }) => {
      const vehicle = await getVehicle({ ...tenant, vehicleId });
      const now = new Date();
      const [[state], faults, safetyEvents] = await Promise.all([
        listVehicleStates({ ...tenant, kind: "any", vehicleIds: [vehicleId], limit: 1 }),
        listActiveFaultCodes({ ...tenant, vehicleIds: [vehicleId] }),
        listSafetyEvents({
          ...tenant,
          vehicleIds: [vehicleId],
          range: { start: new Date(now.getTime() - DAY_MS), end: now },
          by: "time",
          limit: HISTORY_SAFETY_EVENTS_LIMIT,
        }),
      ]);
      const driver = await findDriverForVehicle({ ...tenant, vehicleId, at: new Date() });
      // The same clocks GET /fleet/hos/clocks answers for this driver.
      const clocks = driver
        ? (await listHosClocksPage({ db, tenant: { companyId, dataset }, version: CURRENT_API_VERSION, query: { driverIds: [driver.id], limit: 1 } })).data[0]
        : undefined;
      const live = toLiveVehicle(vehicle, state, driver);
      return {
        vehicle: {
          ...live,
          location: live.location && { ...live.location, formattedLocation: describeLocation(live.location.latitude, live.location.longitude) },
        },
        driver: driver ? { id: String(driver.id), name: driver.name } : null,
        activeFaultCodes: faults.map(presentFaultCode),
        recentSafetyEvents: safetyEvents
          .sort((a, b) => b.time.getTime() - a.time.getTime())
          .slice(0, RECENT_SAFETY_EVENTS)
          .map(toHistorySafetyEvent),
        hosClocks: clocks
          ? {
              currentStatus: clocks.currentDutyStatus.hosStatusType,
              driveRemainingMs: clocks.clocks.drive.driveRemainingDurationMs,
              shiftRemainingMs: clocks.clocks.shift.shiftRemainingDurationMs,
              timeUntilBreakMs: clocks.clocks.break.timeUntilBreakDurationMs,
              cycleRemainingMs: clocks.clocks.cycle.cycleRemainingDurationMs,
            }
          : null,
      };
    },

    getLocationHistory: async ({ vehicleId, range }) => {
      const vehicle = await getVehicle({ ...tenant, vehicleId });
      const [points, trips, safetyEvents] = await Promise.all([
        findLocationHistory({ ...tenant, vehicleIds: [vehicleId], range, bucketSeconds: chooseBucketSeconds({ range }) }),
        listTrips({ ...tenant, vehicleIds: [vehicleId], start: range.start, end: range.end, limit: HISTORY_TRIPS_LIMIT }),
        listSafetyEvents({ ...tenant, vehicleIds: [vehicleId], range, by: "time", limit: HISTORY_SAFETY_EVENTS_LIMIT }),
      ]);
      return {
        vehicle: { id: String(vehicle.id), name: vehicle.name },
        from: range.start.toISOString(),
        to: range.end.toISOString(),
        points: points.map(({ time, latitude, longitude, speed, heading }) => ({ time: time.toISOString(), latitude, longitude, speed, heading })),
        trips: trips
          .sort((a, b) => a.startTime.getTime() - b.startTime.getTime())
          .map((trip) => ({
            id: String(trip.id),
            startTime: trip.startTime.toISOString(),
            endTime: trip.endTime.toISOString(),
            distanceMeters: Math.round(trip.distanceMeters),
            from: trip.startAddress,
            to: trip.endAddress,
          })),
        safetyEvents: safetyEvents.sort((a, b) => a.time.getTime() - b.time.getTime()).map(toHistorySafetyEvent),
      };
    },

    getStatsHistory: async ({ vehicleId, range }) => {
      const vehicle = await getVehicle({ ...tenant, vehicleId });
      const [buckets, faults] = await Promise.all([
        findStatsHistory({ ...tenant, vehicleIds: [vehicleId], range, bucketSeconds: chooseBucketSeconds({ range }) }),
        findFaultCodeHistory({ ...tenant, vehicleIds: [vehicleId], range }),
      ]);
      const series = Object.fromEntries(STAT_SERIES.map((name) => [name, [] as { time: string; value: number }[]])) as Record<
        StatSeriesName,
        { time: string; value: number }[]
      >;
      for (const bucket of buckets) {
        for (const name of STAT_SERIES) {
          const value = bucket[name];
          if (typeof value === "number") series[name].push({ time: bucket.time.toISOString(), value });
        }
      }
      return {
        vehicle: { id: String(vehicle.id), name: vehicle.name },
        from: range.start.toISOString(),
        to: range.end.toISOString(),
        series,
        faultCodes: faults.map(presentFaultCode),
      };
    },
  };
};
