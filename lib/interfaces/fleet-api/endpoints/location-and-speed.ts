import { z } from "zod";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import { AppError } from "@/lib/platform/errors";
import { MAX_RANGE_DAYS, parseInstant, parseTimeRange, type TimeRange } from "@/lib/platform/time-range";
import { getFeedSeq } from "@/lib/telemetry/vehicle-state/feed-seq";
import { streamPositions } from "@/lib/telemetry/vehicle-history/stream-positions";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery } from "../pagination";
import { idList } from "../queries";
import { locationAndSpeedSchema, presentLocationAndSpeed } from "../records/location-and-speed-record";
import { cursorScope, readHistory, type CallingKey, type EndpointContext } from "./context";

const DAY_MS = 86_400_000;
const flag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

const querySchema = z
  .object({
    ...paginationQuery,
    startTime: z.string().optional().meta({ description: "RFC 3339 start (inclusive); default now." }),
    endTime: z
      .string()
      .optional()
      .meta({
        description:
          `RFC 3339 end (exclusive), at most ${MAX_RANGE_DAYS} days after startTime. Without it the stream ` +
          `never ends: every page has a cursor, and points older than ${MAX_RANGE_DAYS} days are not streamed.`,
      }),
    ids: idList("vehicle"),
    includeSpeed: flag.meta({ description: "Add `speed` (GPS, and the ECU's when a stat sample of the same instant has it)." }),
    includeExternalIds: flag.meta({ description: "Add the vehicle's externalIds to `asset`." }),
    includeReverseGeo: flag.meta({ description: "Accepted; this service adds no address to streamed points." }),
    includeGeofenceLookup: flag.meta({ description: "Accepted; this service adds no geofence to streamed points." }),
    includeHighFrequencyLocations: flag.meta({ description: "Accepted; every stored point is streamed whatever its frequency." }),
  })
  .refine((query) => !(query.includeGeofenceLookup && query.includeHighFrequencyLocations), {
    message: "includeGeofenceLookup cannot be used with includeHighFrequencyLocations",
    path: ["includeGeofenceLookup"],
  });

type Query = z.output<typeof querySchema>;
/** Where a stream resumes: after this seq, from this start (a stream without startTime keeps the instant of its first call). */
type StreamPosition = { seq: number; startMs: number };

/** The range a call reads: the given one (at most MAX_RANGE_DAYS), or from the start to the open end. */
const rangeOf = (query: Query, startMs: number | undefined, now: Date): TimeRange => {
  const start = startMs !== undefined ? new Date(startMs) : query.startTime ? parseInstant(query.startTime, "startTime") : now;
  if (query.endTime) return parseTimeRange({ start: start.toISOString(), end: query.endTime, names: ["startTime", "endTime"] });
  return { start: new Date(Math.max(start.getTime(), now.getTime() - MAX_RANGE_DAYS * DAY_MS)), end: new Date(now.getTime() + DAY_MS) };
};

/** GET /assets/location-and-speed/stream: the vehicles' positions as they are stored, in commit order. */
const readLocationAndSpeedStream = async ({ db, tenant, key, query }: EndpointContext & CallingKey & { query: Query }) => {
  const scope = cursorScope(`assets/location-and-speed/stream?${query.startTime ?? ""}&${query.endTime ?? ""}&${query.ids?.join(",") ?? ""}`, tenant);
  const resumed = query.after === undefined ? undefined : decodeCursor<StreamPosition>({ cursor: query.after, scope });
  const now = new Date();
  const range = rangeOf(query, resumed?.startMs, now);
  if (query.endTime && range.end.getTime() <= range.start.getTime()) throw new AppError("bad_request", `"endTime" must be after "startTime".`);
  return readHistory({ tenant, key, range }, async () => {
    const uptoSeq = await getFeedSeq({ db, ...tenant });
    const rows = await streamPositions({ db, ...tenant, range, afterSeq: resumed?.seq ?? 0, uptoSeq, vehicleIds: query.ids, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const hasNextPage = rows.length > query.limit;
    // Every stored point up to uptoSeq has been seen unless the page is full.
    const next: StreamPosition = { seq: hasNextPage ? page.at(-1)!.seq : Math.max(uptoSeq, resumed?.seq ?? 0), startMs: range.start.getTime() };
    const vehicleIds = [...new Set(page.map((row) => row.vehicleId))];
    const vehicles =
      query.includeExternalIds && vehicleIds.length ? await listVehicles({ db, ...tenant, vehicleIds, archive: "all", limit: vehicleIds.length }) : [];
    const externalIdsOf = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.externalIds]));
    return {
      data: page.map((row) =>
        presentLocationAndSpeed(row, {
          includeSpeed: query.includeSpeed ?? false,
          externalIds: query.includeExternalIds ? (externalIdsOf.get(row.vehicleId) ?? {}) : undefined,
        }),
      ),
      pagination: { endCursor: encodeCursor({ scope, position: next, ttlMs: LIST_CURSOR_TTL_MS }), hasNextPage },
    };
  });
};

export const locationAndSpeedStreamEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/assets/location-and-speed/stream",
  scope: "vehicles:read",
  summary: "Stream of vehicle locations and speeds",
  description:
    "Every stored position of the company's vehicles (trailers and equipment do not exist here) whose " +
    "time is in the range, in the order they were stored, so a point that arrives late is still streamed. " +
    "Without endTime the stream never ends: keep calling with the endCursor. `ids` narrows to vehicles; " +
    "another company's ids match nothing.",
  query: querySchema,
  listKeys: ["ids"],
  response: pageSchema(locationAndSpeedSchema, "LocationAndSpeedPage"),
  run: readLocationAndSpeedStream,
});
