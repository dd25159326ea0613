import { driverResolver } from "@/lib/fleet/assignments/driver-rule";
import { AppError } from "@/lib/platform/errors";
import type { Page } from "@/lib/interfaces/fleet-api/pagination";
import type { AssignmentRecord } from "@/lib/interfaces/fleet-api/records/assignment-record";
import type { HosClockRecord } from "@/lib/interfaces/fleet-api/records/hos-record";
import type { LocationPoint, VehicleLocationRecord, VehicleLocationSeriesRecord } from "@/lib/interfaces/fleet-api/records/location-record";
import type { FaultCodesRecord, StatType, VehicleStats, VehicleStatsSeries as StatsSeriesRecord } from "@/lib/interfaces/fleet-api/records/stats-record";
import { BEHAVIOR_LABELS, type SafetyEventRecord } from "@/lib/interfaces/fleet-api/records/safety-event-record";
import type { TripRecord } from "@/lib/interfaces/fleet-api/records/trip-record";
import type { VehicleRecord } from "@/lib/interfaces/fleet-api/records/vehicle-record";
import type { SafetyEventKind } from "@/db/schema";
import type { TimeRange } from "@/lib/platform/time-range";
import type { FleetSource } from "./fleet-source";
import {
  HISTORY_SAFETY_EVENTS_LIMIT,
  HISTORY_TRIPS_LIMIT,
  RECENT_SAFETY_EVENTS,
  type HistorySafetyEvent,
  STAT_SERIES,
  STAT_SERIES_TYPES,
  type FaultCode,
  type LiveLocation,
  type LiveStats,
  type LiveVehicle,
  type SeriesPoint,
  type StatSeriesName,
} from "./types";

/** The live panel's stats; the charts' history reads the types of STAT_SERIES_TYPES. */
const LIVE_STAT_TYPES = (["engineStates", "fuelPercents", "engineRpm", "obdOdometerMeters", "obdEngineSeconds"] satisfies StatType[]).join(",");

type Reading<V> = { time: string; value: V };

/** Latest reading of a series (feeds list oldest first). */
const last = <V>(readings: Reading<V>[] | undefined) => readings?.at(-1);

const statsFromSeries = (record: StatsSeriesRecord): LiveStats | null => {
  const readings = [
    last(record.engineStates),
    last(record.fuelPercents),
    last(record.engineRpm),
    last(record.obdOdometerMeters),
    last(record.obdEngineSeconds),
  ];
  const times = readings.flatMap((reading) => (reading ? [reading.time] : [])).sort();
  if (times.length === 0) return null;
  return {
    time: times[times.length - 1],
    engineState: last(record.engineStates)?.value ?? null,
    fuelPercent: last(record.fuelPercents)?.value ?? null,
    engineRpm: last(record.engineRpm)?.value ?? null,
    odometerMeters: last(record.obdOdometerMeters)?.value ?? null,
    engineSeconds: last(record.obdEngineSeconds)?.value ?? null,
  };
};

const toLocation = (point: LocationPoint): LiveLocation => ({
  time: point.time,
  latitude: point.latitude,
  longitude: point.longitude,
  speed: point.speed,
  heading: point.heading,
});

const toFaultCodes = (record: FaultCodesRecord | undefined): FaultCode[] =>
  record
    ? [
        ...record.j1939.diagnosticTroubleCodes.map((code) => ({
          code: `SPN ${code.spnId} FMI ${code.fmiId}`,
          protocol: "j1939" as const,
          ...common(code, record.time),
        })),
        ...record.obdii.diagnosticTroubleCodes.map((code) => ({ code: code.dtcShortCode, protocol: "obdii" as const, ...common(code, record.time) })),
      ]
    : [];
const common = (code: { description: string; occurrenceCount: number; firstSeenTime: string }, time: string) => ({
  description: code.description,
  firstSeenAt: code.firstSeenTime,
  lastSeenAt: time,
  clearedAt: null,
  occurrenceCount: code.occurrenceCount,
});

/**
 * The dashboard's data from an upstream fleet API (FLEET_API_URL, FLEET_API_KEY) over its public
 * /fleet endpoints. The key decides the company: the dashboard's users must belong to it.
 */
/** A vehicle record's tags as the map's filter reads them (older upstreams send none). */
const liveTags = (vehicle: Pick<VehicleRecord, "tags">) =>
  (vehicle.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name, parentTagId: tag.parentTagId ?? null }));

export const createHttpSource = ({ baseUrl, apiKey, fetchImpl = fetch }: { baseUrl: string; apiKey: string; fetchImpl?: typeof fetch }): FleetSource => {
  const get = async <T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> => {
    const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { authorization: `Bearer ${apiKey}`, accept: "application/json" }, cache: "no-store" });
    } catch {
      throw new AppError("unavailable", "The upstream fleet API cannot be reached.");
    }
    if (response.ok) return (await response.json()) as T;
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status === 404) throw new AppError("not_found", body?.message ?? "Not found.");
    if (response.status === 400) throw new AppError("bad_request", body?.message ?? "Bad request.");
    throw new AppError("unavailable", `The upstream fleet API answered ${response.status}${body?.message ? `: ${body.message}` : ""}.`);
  };
  /** Every page of a list or feed; returns the records and the last cursor (feeds keep polling with it). */
  const drain = async <T>(path: string, query: Record<string, string | undefined>) => {
    const records: T[] = [];
    let after = query.after;
    for (;;) {
      const page = await get<Page<T>>(path, { ...query, limit: "512", after });
      records.push(...page.data);
      if (page.pagination.endCursor) after = page.pagination.endCursor;
      if (!page.pagination.hasNextPage) return { records, cursor: after ?? "" };
    }
  };
  /**
   * Who drives each of these vehicles now, by the rule the in-process source applies
   * (lib/fleet/assignments/driver-rule.ts) over the upstream's assignments covering now (Samsara's too) and
   * its vehicles' static drivers. A key without assignments:read: the static drivers.
   */
  const driversNow = async (vehicles: readonly Pick<VehicleRecord, "id" | "staticAssignedDriver">[]) => {
    const now = new Date();
    const covering = await drain<AssignmentRecord>("fleet/driver-vehicle-assignments", {
      filterBy: "vehicles",
      startTime: now.toISOString(),
      endTime: now.toISOString(),
    }).catch(() => null);
    const records = covering?.records ?? [];
    const names = new Map(records.map((record) => [record.driver.id, record.driver.name ?? ""]));
    for (const { staticAssignedDriver } of vehicles) if (staticAssignedDriver) names.set(staticAssignedDriver.id, staticAssignedDriver.name);
    const driverAt = driverResolver<string>({
      assignments: records.map((record) => ({
        id: record.id,
        driverId: record.driver.id,
        vehicleId: record.vehicle.id,
        startTime: new Date(record.startTime),
        endTime: record.endTime ? new Date(record.endTime) : null,
        isPassenger: record.isPassenger,
      })),
      staticDrivers: vehicles.flatMap((vehicle) =>
        vehicle.staticAssignedDriver ? [{ driverId: vehicle.staticAssignedDriver.id, vehicleId: vehicle.id }] : [],
      ),
    });
    return (vehicleId: string) => {
      const driver = driverAt(vehicleId, now);
      return driver ? { id: driver.driverId, name: names.get(driver.driverId) ?? "" } : null;
    };
  };
  /**
   * The vehicle's safety events that happened in the range. The upstream pages them by when they were stored, which is
   * at or after when they happened: read from the range's start until a day past its end, keep those that happened in it.
   * A key without safety:read: none.
   */
  const safetyEventsDuring = async (vehicleId: number, range: TimeRange): Promise<HistorySafetyEvent[]> => {
    const storedBy = new Date(Math.min(Date.now(), range.end.getTime() + 86_400_000));
    const stored = await drain<SafetyEventRecord>("safety-events/stream", {
      assetIds: String(vehicleId),
      startTime: range.start.toISOString(),
      endTime: storedBy.toISOString(),
      queryByTimeField: "createdAtTime",
    }).catch(() => null);
    const kindOf = new Map(Object.entries(BEHAVIOR_LABELS).map(([kind, label]) => [label, kind as SafetyEventKind]));
    return (stored?.records ?? [])
      .filter((event) => Date.parse(event.startMs) >= range.start.getTime() && Date.parse(event.startMs) < range.end.getTime())
      .sort((a, b) => Date.parse(a.startMs) - Date.parse(b.startMs))
      .slice(0, HISTORY_SAFETY_EVENTS_LIMIT)
      .map((event) => ({
        id: event.id,
        time: event.startMs,
        kind: kindOf.get(event.behaviorLabels[0]?.label ?? "") ?? "harshBraking",
        latitude: event.location.latitude,
        longitude: event.location.longitude,
        speed: event.speedMetersPerSecond,
        severity: event.severity,
        source: event.source,
      }));
  };
  const vehicleRef = async (vehicleId: number) => {
    const { data } = await get<{ data: VehicleRecord }>(`fleet/vehicles/${vehicleId}`);
    return data;
  };

  return {
    listVehicleOptions: async () => {
      const { records } = await drain<VehicleRecord>("fleet/vehicles", {});
      const driverOf = await driversNow(records);
      return records.map((v) => ({ id: v.id, name: v.name, vin: v.vin, driverName: driverOf(v.id)?.name ?? null }));
    },

    getSnapshot: async () => {
      const [vehicles, locations, stats] = await Promise.all([
        drain<VehicleRecord>("fleet/vehicles", {}),
        drain<VehicleLocationSeriesRecord>("fleet/vehicles/locations/feed", {}),
        drain<StatsSeriesRecord>("fleet/vehicles/stats/feed", { types: LIVE_STAT_TYPES }),
      ]);
      const locationById = new Map(locations.records.map((record) => [record.id, record.locations.at(-1)]));
      const statsById = new Map(stats.records.map((record) => [record.id, statsFromSeries(record)]));
      const driverOf = await driversNow(vehicles.records);
      const live: LiveVehicle[] = vehicles.records.map((vehicle) => {
        const point = locationById.get(vehicle.id);
        return {
          id: vehicle.id,
          name: vehicle.name,
          vin: vehicle.vin,
          // The upstream's /fleet/vehicles lists vehicles only (its trailers are /fleet/trailers, not followed here).
          isTrailer: false,
          plateNumber: vehicle.licensePlate,
          driverName: driverOf(vehicle.id)?.name ?? null,
          tags: liveTags(vehicle),
          location: point ? toLocation(point) : null,
          stats: statsById.get(vehicle.id) ?? null,
        };
      });
      return { vehicles: live, locationsCursor: locations.cursor, statsCursor: stats.cursor };
    },

    getChanges: async ({ locationsAfter, statsAfter }) => {
      const [locations, stats] = await Promise.all([
        drain<VehicleLocationSeriesRecord>("fleet/vehicles/locations/feed", { after: locationsAfter }),
        drain<StatsSeriesRecord>("fleet/vehicles/stats/feed", { types: LIVE_STAT_TYPES, after: statsAfter }),
      ]);
      return {
        locations: locations.records.flatMap((record) => {
          const point = record.locations.at(-1);
          return point ? [{ id: record.id, location: toLocation(point) }] : [];
        }),
        stats: stats.records.flatMap((record) => {
          const latest = statsFromSeries(record);
          return latest ? [{ id: record.id, stats: latest }] : [];
        }),
        locationsCursor: locations.cursor || locationsAfter,
        statsCursor: stats.cursor || statsAfter,
      };
    },

    getVehicleDetails: async ({ vehicleId }) => {
      const vehicle = await vehicleRef(vehicleId);
      const id = String(vehicleId);
      const [locations, stats, faults] = await Promise.all([
        get<Page<VehicleLocationRecord>>("fleet/vehicles/locations", { vehicleIds: id }),
        get<Page<StatsSeriesRecord>>("fleet/vehicles/stats/feed", { vehicleIds: id, types: LIVE_STAT_TYPES }),
        get<Page<VehicleStats>>("fleet/vehicles/stats", { vehicleIds: id, types: "faultCodes" }),
      ]);
      const driver = (await driversNow([vehicle]))(vehicle.id);
      const clocks = driver ? (await get<Page<HosClockRecord>>("fleet/hos/clocks", { driverIds: driver.id }).catch(() => null))?.data[0] : undefined;
      return {
        vehicle: {
          id,
          name: vehicle.name,
          vin: vehicle.vin,
          plateNumber: vehicle.licensePlate,
          isTrailer: false,
          driverName: driver?.name ?? null,
          tags: liveTags(vehicle),
          location: locations.data[0]
            ? { ...toLocation(locations.data[0].location), formattedLocation: locations.data[0].location.reverseGeo?.formattedLocation }
            : null,
          stats: stats.data[0] ? statsFromSeries(stats.data[0]) : null,
        },
        driver,
        activeFaultCodes: toFaultCodes(faults.data[0]?.faultCodes),
        recentSafetyEvents: (await safetyEventsDuring(vehicleId, { start: new Date(Date.now() - 86_400_000), end: new Date() }))
          .reverse()
          .slice(0, RECENT_SAFETY_EVENTS),
        // Samsara's clock shape: clocks.drive.driveRemainingDurationMs etc.
        hosClocks: clocks?.clocks
          ? {
              currentStatus: clocks.currentDutyStatus?.hosStatusType ?? "offDuty",
              driveRemainingMs: clocks.clocks.drive?.driveRemainingDurationMs ?? 0,
              shiftRemainingMs: clocks.clocks.shift?.shiftRemainingDurationMs ?? 0,
              timeUntilBreakMs: clocks.clocks.break?.timeUntilBreakDurationMs ?? 0,
              cycleRemainingMs: clocks.clocks.cycle?.cycleRemainingDurationMs ?? 0,
            }
          : null,
      };
    },

    getLocationHistory: async ({ vehicleId, range }) => {
      const query = { vehicleIds: String(vehicleId), startTime: range.start.toISOString(), endTime: range.end.toISOString() };
      const [vehicle, history, trips, safetyEvents] = await Promise.all([
        vehicleRef(vehicleId),
        drain<VehicleLocationSeriesRecord>("fleet/vehicles/locations/history", query),
        drain<TripRecord>("trips/stream", {
          ids: String(vehicleId),
          startTime: query.startTime,
          endTime: query.endTime,
          queryBy: "tripStartTime",
          completionStatus: "completed",
        }),
        safetyEventsDuring(vehicleId, range),
      ]);
      const points = history.records
        .flatMap((record) => record.locations)
        .map(({ time, latitude, longitude, speed, heading }) => ({ time, latitude, longitude, speed, heading }));
      const listed = trips.records
        .filter((trip): trip is TripRecord & { id: string; tripEndTime: string } => trip.id !== undefined && trip.tripEndTime !== undefined)
        .slice(0, HISTORY_TRIPS_LIMIT)
        .map((trip) => ({
          id: trip.id,
          startTime: trip.tripStartTime,
          endTime: trip.tripEndTime,
          distanceMeters: trip.distanceMeters,
          from: trip.startLocation.formattedAddress,
          to: trip.endLocation?.formattedAddress ?? "",
        }));
      return {
        vehicle: { id: vehicle.id, name: vehicle.name },
        from: query.startTime,
        to: query.endTime,
        points,
        trips: listed.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)),
        safetyEvents,
      };
    },

    getStatsHistory: async ({ vehicleId, range }) => {
      const types = Object.values(STAT_SERIES_TYPES).join(",");
      const query = { vehicleIds: String(vehicleId), startTime: range.start.toISOString(), endTime: range.end.toISOString(), types };
      const [vehicle, history, faults] = await Promise.all([
        vehicleRef(vehicleId),
        drain<StatsSeriesRecord>("fleet/vehicles/stats/history", query),
        get<Page<VehicleStats>>("fleet/vehicles/stats", { vehicleIds: String(vehicleId), types: "faultCodes" }),
      ]);
      const series = Object.fromEntries(
        STAT_SERIES.map((name) => [name, history.records.flatMap((record) => (record[STAT_SERIES_TYPES[name]] as SeriesPoint[] | undefined) ?? [])]),
      ) as Record<StatSeriesName, SeriesPoint[]>;
      // The public interface has no fault-code history: the active codes first seen before the range ends stand in.
      const faultCodes = toFaultCodes(faults.data[0]?.faultCodes).filter((code) => code.firstSeenAt < query.endTime);
      return { vehicle: { id: vehicle.id, name: vehicle.name }, from: query.startTime, to: query.endTime, series, faultCodes };
    },
  };
};
