import { z } from "zod";
import { parseTimeRange } from "@/lib/platform/time-range";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import { listIdlingEvents, listSpeedingIntervals, listTrips, type SpeedingIntervalRow, type TripRow } from "@/lib/processing/trips/list-activity";
import { listOpenTrips, type OpenTripRow } from "@/lib/processing/trips/list-open-trips";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { tagFilterQuery } from "../queries";
import { TAG_FILTER_PARAMS } from "../tag-filter";
import {
  idlingEventSchema,
  presentIdlingEvent,
  presentOpenTrip,
  presentTrip,
  presentTripSpeeding,
  SEVERITY_LEVELS,
  severityOf,
  tripSchema,
  tripSpeedingIntervalsSchema,
  type AssetLookup,
} from "../records/trip-record";
import { cursorScope, type EndpointContext } from "./context";

const ids = (what: string, max: number) =>
  z
    .array(z.string().regex(/^\d{1,9}$/, `a ${what} id`))
    .max(max)
    .transform((list) => list.map(Number))
    .optional()
    .meta({ description: `Only these ${what}s (ids, comma-separated or repeated; at most ${max}).` });
const flag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();
const startTime = z.string().meta({ description: "RFC 3339 start (inclusive). Required." });
const endTime = z.string().meta({ description: "RFC 3339 end (exclusive), at most 35 days after startTime; default now." });
const queryBy = z
  .enum(["updatedAtTime", "tripStartTime"])
  .default("updatedAtTime")
  .meta({ description: "Which time startTime/endTime compare to (default updatedAtTime: a feed of trips as they are written)." });
const LIST_KEYS = ["ids", "assetIds", "operatorIds", "severityLevels"] as const;

const rangeOf = (query: { startTime?: string; endTime?: string }, now = new Date()) =>
  parseTimeRange({ start: query.startTime, end: query.endTime ?? now.toISOString(), names: ["startTime", "endTime"] });

/** includeAsset: the page's vehicles' names and VINs, one query. */
const assetLookup = async ({ db, tenant }: EndpointContext, vehicleIds: number[]): Promise<AssetLookup> => {
  const rows = vehicleIds.length === 0 ? [] : await listVehicles({ db, ...tenant, vehicleIds: [...new Set(vehicleIds)], limit: vehicleIds.length });
  const byId = new Map(rows.map((row) => [row.id, { name: row.name, vin: row.vin }]));
  return (vehicleId) => byId.get(vehicleId);
};

const tripsQuerySchema = z.object({
  ...paginationQuery,
  startTime,
  endTime: endTime.optional(),
  queryBy,
  completionStatus: z
    .enum(["inProgress", "completed", "all"])
    .default("all")
    .meta({ description: "Default all: the completed trips (by id), then those in progress (by vehicle: each vehicle has at most one)." }),
  includeAsset: flag,
  ids: ids("vehicle", 50),
});

type TripsQuery = z.output<typeof tripsQuerySchema>;

const tripsScope = ({ tenant }: EndpointContext, query: TripsQuery, key: string, range: { start: Date }) =>
  cursorScope(`${key}?${query.queryBy}&${query.completionStatus}&${query.ids?.join(",") ?? ""}&${range.start.toISOString()}`, tenant);

/** One keyset page of completed trips, the cursor bound to the query's filters. */
const completedTripsPage = async ({ context, query, key }: { context: EndpointContext; query: TripsQuery; key: string }) => {
  const { db, tenant } = context;
  const range = rangeOf(query);
  const scope = tripsScope(context, query, key, range);
  const rows = await listTrips({
    db,
    ...tenant,
    ...range,
    by: query.queryBy === "updatedAtTime" ? "updated" : "start",
    vehicleIds: query.ids,
    afterId: readAfterId({ after: query.after, scope }),
    limit: query.limit + 1,
  });
  return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page });
};

type StreamRow = { completed: TripRow; open?: undefined } | { completed?: undefined; open: OpenTripRow };

/** Where a trips stream page resumes: after a completed trip's id, or (`open`) after a vehicle's trip in progress. */
type StreamPosition = { id?: number; open?: number };

/**
 * A page of the trips stream: the completed trips (keyset by id) unless only those in progress are
 * asked for, then, unless only completed ones are, the trips in progress (keyset by vehicle).
 */
const tripsStreamPage = async ({ context, query }: { context: EndpointContext; query: TripsQuery }) => {
  const { db, tenant } = context;
  const now = new Date();
  const range = rangeOf(query, now);
  const scope = tripsScope(context, query, "trips", range);
  const position = query.after === undefined ? {} : decodeCursor<StreamPosition>({ cursor: query.after, scope });
  const by = query.queryBy === "updatedAtTime" ? "updated" : "start";
  const completed: TripRow[] =
    query.completionStatus !== "inProgress" && position.open === undefined
      ? await listTrips({ db, ...tenant, ...range, by, vehicleIds: query.ids, afterId: position.id, limit: query.limit + 1 })
      : [];
  const room = query.limit + 1 - completed.length;
  const open: OpenTripRow[] =
    query.completionStatus !== "completed" && room > 0
      ? await listOpenTrips({ db, ...tenant, ...range, by, vehicleIds: query.ids, afterVehicleId: position.open, limit: room, now })
      : [];
  const rows: StreamRow[] = [...completed.map((trip) => ({ completed: trip })), ...open.map((trip) => ({ open: trip }))];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next: StreamPosition | null = rows.length <= query.limit || !last ? null : last.completed ? { id: last.completed.id } : { open: last.open.vehicleId };
  const endCursor = next ? encodeCursor({ scope, position: next, ttlMs: LIST_CURSOR_TTL_MS }) : "";
  return { data: page, pagination: { endCursor, hasNextPage: next !== null } };
};

export const tripsStreamEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/trips/stream",
  scope: "vehicles:read",
  summary: "Trips",
  description:
    "Samsara's trips stream, detected from the vehicles' telemetry as it arrives (a trip ends when the " +
    "engine goes off or after 5 minutes at rest), with distance, speeds, fuel and driver as extensions. A " +
    "trip in progress (`completionStatus` inProgress: its start, no end, figures so far) is listed once " +
    "it is 200 m from where it began, while its vehicle has neither rested nor been silent for 5 minutes; " +
    "its state is written every 10 s.",
  query: tripsQuerySchema,
  listKeys: LIST_KEYS,
  response: pageSchema(tripSchema, "TripsPage"),
  run: async ({ query, ...context }) => {
    const page = await tripsStreamPage({ context, query });
    const lookup = query.includeAsset
      ? await assetLookup(
          context,
          page.data.map((row) => (row.completed ? row.completed.vehicleId : row.open.vehicleId)),
        )
      : null;
    return {
      data: page.data.map((row) => (row.completed ? presentTrip(row.completed, lookup) : presentOpenTrip(row.open, lookup))),
      pagination: page.pagination,
    };
  },
});

export const idlingEventsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/idling/events",
  scope: "vehicles:read",
  summary: "Idling events",
  description:
    "Engine on and not moving for at least the company's idle minimum (Settings → Company, default 5 " +
    "minutes). Fuel is known as a level, so fuelConsumedMilliliters is 0 and fuelUsedPercent says how " +
    "much of the tank was used.",
  query: z.object({
    ...paginationQuery,
    startTime,
    endTime: z.string().meta({ description: "RFC 3339 end (exclusive): events that begin before it. Required." }),
    assetIds: ids("vehicle", 512),
    ...tagFilterQuery,
    operatorIds: ids("driver", 512),
    minDurationMilliseconds: z.coerce.number().int().min(120_000).max(86_400_000).optional(),
    maxDurationMilliseconds: z.coerce.number().int().min(120_000).max(86_400_000).optional(),
  }),
  listKeys: [...LIST_KEYS, ...TAG_FILTER_PARAMS],
  tagFilter: { members: "vehicles", narrows: "assetIds" },
  response: pageSchema(idlingEventSchema, "IdlingEventsPage"),
  run: async ({ db, tenant, query }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: ["startTime", "endTime"] });
    // A tag filter names the vehicles by their tags (assetIds holds its members, which may be many).
    const assets = query.tagIds || query.parentTagIds ? `tags:${query.tagIds ?? ""}:${query.parentTagIds ?? ""}` : (query.assetIds?.join(",") ?? "");
    const scope = cursorScope(`idling?${assets}&${query.operatorIds?.join(",") ?? ""}&${range.start.toISOString()}`, tenant);
    const rows = await listIdlingEvents({
      db,
      ...tenant,
      ...range,
      vehicleIds: query.assetIds,
      driverIds: query.operatorIds,
      minDurationMs: query.minDurationMilliseconds,
      maxDurationMs: query.maxDurationMilliseconds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentIdlingEvent) });
  },
});

export const speedingIntervalsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/speeding-intervals/stream",
  scope: "vehicles:read",
  summary: "Speeding intervals",
  description:
    "Trips with their speeding intervals: faster than the company's speeding threshold (Settings → " +
    "Company, default 120 km/h), which the intervals report as the posted limit. Severity by how far over " +
    "it the top speed went: light under 10 %, moderate under 20 %, heavy under 30 %, then severe.",
  query: tripsQuerySchema.omit({ completionStatus: true, ids: true }).extend({
    assetIds: ids("vehicle", 50),
    includeDriverId: flag,
    severityLevels: z
      .array(z.enum(SEVERITY_LEVELS))
      .optional()
      .meta({ description: "Only intervals of these severities (trips without any are still listed)." }),
  }),
  listKeys: LIST_KEYS,
  response: pageSchema(tripSpeedingIntervalsSchema, "SpeedingIntervalsPage"),
  run: async ({ query, ...context }) => {
    const page = await completedTripsPage({ context, query: { ...query, ids: query.assetIds, completionStatus: "completed" }, key: "speeding" });
    const trips = page.data;
    const intervals =
      trips.length === 0
        ? []
        : await listSpeedingIntervals({
            db: context.db,
            ...context.tenant,
            start: new Date(Math.min(...trips.map((trip) => trip.startTime.getTime()))),
            end: new Date(Math.max(...trips.map((trip) => trip.endTime.getTime())) + 1),
            vehicleIds: [...new Set(trips.map((trip) => trip.vehicleId))],
            limit: 10_000,
          });
    const wanted = (interval: SpeedingIntervalRow) =>
      !query.severityLevels || query.severityLevels.includes(severityOf(interval.maxSpeed, interval.thresholdSpeed));
    const lookup = query.includeAsset
      ? await assetLookup(
          context,
          trips.map((trip) => trip.vehicleId),
        )
      : null;
    const data = trips.map((trip) =>
      presentTripSpeeding({
        trip,
        intervals: intervals.filter(
          (interval) => interval.vehicleId === trip.vehicleId && interval.startTime >= trip.startTime && interval.startTime <= trip.endTime && wanted(interval),
        ),
        lookup,
        includeDriverId: query.includeDriverId ?? false,
      }),
    );
    return { data, pagination: page.pagination };
  },
});
