import { z } from "zod";
import { createDriverTrailerAssignment, endDriverTrailerAssignment, findCouplings, getTrailer, listDriverTrailerAssignments } from "@/lib/fleet/trailers";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import { AppError } from "@/lib/platform/errors";
import { parseInstant } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { MAX_PAGE_SIZE, pageSchema, readAfterId, toKeysetPage } from "../pagination";
import { idList } from "../queries";
import {
  driverTrailerAssignmentSchema,
  driverTrailerAssignmentWriteSchema,
  presentDriverTrailerAssignment,
  presentDriverTrailerAssignmentWrite,
} from "../records/trailer-record";
import { cursorScope } from "./context";
import { TRAILER_LIST_PARAMS } from "./trailers";

const PATH = "/driver-trailer-assignments";

// Samsara's SDK sends ids as strings; a JSON number is taken too.
const bodyId = (what: string) =>
  z
    .union([z.string().regex(/^\d{1,9}$/, `a ${what} id`), z.number().int().positive().max(2_147_483_647)])
    .transform(Number)
    .meta({ description: `The ${what}'s id.` });

const listQuerySchema = z.object({
  after: z.string().min(1).optional().meta({ description: "Cursor from a previous response's pagination.endCursor." }),
  driverIds: idList("driver"),
});

export const listDriverTrailerAssignmentsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: PATH,
  scope: "trailers:read",
  summary: "List driver-trailer assignments in effect",
  description: "The assignments not ended (Samsara's: currently active), by id. Couplings the service detected (no driver) are not listed.",
  query: listQuerySchema,
  listKeys: TRAILER_LIST_PARAMS,
  response: pageSchema(driverTrailerAssignmentSchema, "DriverTrailerAssignmentsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`${PATH}?${query.driverIds?.join(",") ?? ""}`, tenant);
    const rows = await listDriverTrailerAssignments({
      db,
      ...tenant,
      driverIds: query.driverIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: MAX_PAGE_SIZE + 1,
    });
    return toKeysetPage({
      rows,
      limit: MAX_PAGE_SIZE,
      scope,
      idOf: (row) => row.id,
      present: (page) => page.map((row) => presentDriverTrailerAssignment(row)),
    });
  },
});

export const createDriverTrailerAssignmentEndpoint = defineFleetEndpoint({
  method: "POST",
  path: PATH,
  scope: "trailers:write",
  summary: "Assign a trailer to a driver",
  description:
    "From startTime (default now; at most 7 days back, never ahead). The trailer's open assignment ends there; the driver's other trailers stay " +
    "(a double). 404 for a driver or trailer of another company; 409 when the trailer has a later assignment.",
  body: z.object({ driverId: bodyId("driver"), trailerId: bodyId("trailer"), startTime: z.string().max(64).optional() }).strict(),
  response: z.object({ data: driverTrailerAssignmentWriteSchema }).meta({ id: "DriverTrailerAssignmentCreated" }),
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, body, actor }) => {
    const row = await createDriverTrailerAssignment({
      db,
      ...tenant,
      driverId: body.driverId,
      trailerId: body.trailerId,
      startTime: body.startTime === undefined ? new Date() : parseInstant(body.startTime, "startTime"),
      source: "api",
      actor,
    });
    return { data: presentDriverTrailerAssignmentWrite(row) };
  },
});

export const updateDriverTrailerAssignmentEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: PATH,
  scope: "trailers:write",
  summary: "End a driver-trailer assignment",
  description: "Sets the end of the assignment `id` (query): not ahead of now, after its start.",
  query: z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric id")
      .transform(Number),
  }),
  body: z.object({ endTime: z.string().max(64) }).strict(),
  response: z.object({ data: driverTrailerAssignmentWriteSchema }).meta({ id: "DriverTrailerAssignmentUpdated" }),
  errors: ["not_found"],
  run: async ({ db, tenant, query, body, actor }) => {
    const row = await endDriverTrailerAssignment({ db, ...tenant, assignmentId: query.id, endTime: parseInstant(body.endTime, "endTime"), actor });
    return { data: presentDriverTrailerAssignmentWrite(row) };
  },
});

const DAY_MS = 86_400_000;
const msParam = z.coerce.number().int().min(0).max(8_640_000_000_000).optional();

/** The v1 range: startMs..endMs, default the last day; at most 35 days. */
const v1Range = ({ startMs, endMs }: { startMs?: number; endMs?: number }) => {
  const end = new Date(endMs ?? Date.now());
  const start = new Date(startMs ?? end.getTime() - DAY_MS);
  if (start >= end) throw new AppError("bad_request", 'Invalid value for "startMs": not before endMs.');
  if (end.getTime() - start.getTime() > 35 * DAY_MS) throw new AppError("bad_request", "The range is longer than 35 days.");
  return { start, end };
};

const v1TrailerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    trailerAssignments: z.array(z.object({ driverId: z.number().int().optional(), startMs: z.number().int(), endMs: z.number().int().optional() })),
  })
  .meta({ id: "V1TrailerAssignments" });

/** A trailer's v1 record: its couplings over the range (detected ones without a driver), clipped to it. */
const presentV1Trailer = (trailer: { id: number; name: string }, couplings: Awaited<ReturnType<typeof findCouplings>>) => ({
  id: trailer.id,
  name: trailer.name,
  trailerAssignments: couplings
    .filter((coupling) => coupling.trailerId === trailer.id)
    .map((coupling) => ({
      ...(coupling.driverId === null ? {} : { driverId: coupling.driverId }),
      startMs: coupling.startTime.getTime(),
      ...(coupling.endTime ? { endMs: coupling.endTime.getTime() } : {}),
    })),
});

export const v1TrailerAssignmentsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/v1/fleet/trailers/assignments",
  scope: "trailers:read",
  summary: "Trailer assignments of every trailer (v1)",
  description: "Samsara's legacy trailer assignments: each trailer's couplings meeting startMs..endMs (default: the last 24 hours), paged by trailer.",
  query: z.object({
    startMs: msParam,
    endMs: msParam,
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
    startingAfter: z.string().min(1).optional().meta({ description: "The previous page's pagination.endCursor." }),
    endingBefore: z.string().optional().meta({ description: "Accepted; pages go forward only." }),
  }),
  response: z
    .object({
      trailers: z.array(v1TrailerSchema),
      pagination: z.object({ endCursor: z.string(), hasNextPage: z.boolean(), hasPrevPage: z.boolean(), startCursor: z.string() }),
    })
    .meta({ id: "V1TrailerAssignmentsPage" }),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope("v1/fleet/trailers/assignments", tenant);
    const position =
      query.startingAfter === undefined ? undefined : decodeCursor<{ id: number; range: [number, number] }>({ cursor: query.startingAfter, scope });
    const range = position ? { start: new Date(position.range[0]), end: new Date(position.range[1]) } : v1Range(query);
    const rows = await listVehicles({ db, ...tenant, kind: "trailer", afterId: position?.id, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const couplings = page.length === 0 ? [] : await findCouplings({ db, ...tenant, range, trailerIds: page.map((trailer) => trailer.id) });
    const hasNextPage = rows.length > query.limit;
    const endCursor = hasNextPage
      ? encodeCursor({ scope, position: { id: page.at(-1)!.id, range: [range.start.getTime(), range.end.getTime()] }, ttlMs: LIST_CURSOR_TTL_MS })
      : "";
    return {
      trailers: page.map((trailer) => presentV1Trailer(trailer, couplings)),
      pagination: { endCursor, hasNextPage, hasPrevPage: position !== undefined, startCursor: query.startingAfter ?? "" },
    };
  },
});

export const v1TrailerAssignmentEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/v1/fleet/trailers/{trailerId}/assignments",
  scope: "trailers:read",
  summary: "One trailer's assignments (v1)",
  description: "Samsara's legacy trailer assignments of one trailer over startMs..endMs (default: the last 24 hours).",
  params: z.object({
    trailerId: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric id")
      .transform(Number),
  }),
  query: z.object({ startMs: msParam, endMs: msParam }),
  response: v1TrailerSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params, query }) => {
    const trailer = await getTrailer({ db, ...tenant, trailerId: params.trailerId });
    const couplings = await findCouplings({ db, ...tenant, range: v1Range(query), trailerIds: [trailer.id] });
    return presentV1Trailer(trailer, couplings);
  },
});
