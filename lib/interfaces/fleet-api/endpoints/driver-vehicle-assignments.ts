import { z } from "zod";
import { createAssignment, deleteAssignments, findAssignmentsInRange, getAssignment, updateAssignment, type AssignmentPosition } from "@/lib/fleet/assignments";
import { LIST_CURSOR_TTL_MS, decodeCursor, encodeCursor } from "@/lib/platform/cursor";
import { AppError } from "@/lib/platform/errors";
import { parseInstant, parseTimeRange, type TimeRange } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, type Page } from "../pagination";
import { idList, LIST_PARAMS } from "../queries";
import { assignmentMessageSchema, assignmentSchema, presentAssignment, type AssignmentRecord } from "../records/assignment-record";
import { cursorScope } from "./context";

const PATH = "/fleet/driver-vehicle-assignments";
/** The longest history one list reads (the range is paged, so it may be longer than the telemetry ranges). */
const MAX_LIST_DAYS = 366;

const SAMSARA_ASSIGNMENT_TYPES = [
  "HOS",
  "idCard",
  "static",
  "faceId",
  "tachograph",
  "safetyManual",
  "RFID",
  "trailer",
  "external",
  "qrCode",
  "driverApp",
  "voiceSignIn",
  "smartAssign",
] as const;

const time = (description: string) => z.string().max(64).meta({ description });
// Samsara's SDK sends ids as strings; a JSON number is taken too.
const bodyId = (what: string) =>
  z
    .union([z.string().regex(/^\d{1,9}$/, `a ${what} id`), z.number().int().positive().max(2_147_483_647)])
    .transform(Number)
    .meta({ description: `The ${what}'s id.` });
const metadataSchema = z
  .object({ sourceName: z.string().trim().max(255).optional() })
  .strict()
  .optional();

const listQuerySchema = z.object({
  ...paginationQuery,
  filterBy: z.enum(["drivers", "vehicles"]).meta({ description: "Required (Samsara's): list by drivers or by vehicles; the id filters apply either way." }),
  startTime: time("RFC 3339; default now. With endTime equal to it (both absent: now), the assignments covering that instant.").optional(),
  endTime: time(`RFC 3339; default now; at most ${MAX_LIST_DAYS} days after startTime.`).optional(),
  driverIds: idList("driver"),
  vehicleIds: idList("vehicle"),
  assignmentType: z.enum(SAMSARA_ASSIGNMENT_TYPES).optional().meta({ description: "Every assignment here is `external`; another type lists nothing." }),
});

const createSchema = z
  .object({
    driverId: bodyId("driver"),
    vehicleId: bodyId("vehicle"),
    startTime: time("RFC 3339; default now.").optional(),
    endTime: time("RFC 3339; absent: ongoing.").optional(),
    assignedAtTime: time("RFC 3339; default now.").optional(),
    isPassenger: z.boolean().optional(),
    metadata: metadataSchema,
  })
  .strict();

const updateSchema = z
  .object({
    driverId: bodyId("driver"),
    vehicleId: bodyId("vehicle"),
    startTime: time("RFC 3339: with driverId and vehicleId, names the assignment (exact start)."),
    endTime: z
      .union([time("RFC 3339"), z.null()])
      .optional()
      .meta({ description: 'RFC 3339; null (or "null") makes the assignment ongoing.' }),
    assignedAtTime: time("RFC 3339").optional(),
    isPassenger: z.boolean().optional(),
    metadata: metadataSchema,
  })
  .strict();

const deleteSchema = z
  .object({
    vehicleId: bodyId("vehicle"),
    startTime: time("RFC 3339; default now.").optional(),
    endTime: time("RFC 3339; absent: every later assignment too.").optional(),
    assignedAtTime: time("Accepted for Samsara's SDK; not used.").optional(),
    isPassenger: z.boolean().optional(),
  })
  .strict();

const instant = (value: string | undefined, name: string, fallback: Date) => (value === undefined ? fallback : parseInstant(value, name));

/** startTime..endTime, each default now; equal ends mean the instant. */
const listRange = (query: { startTime?: string; endTime?: string }, now: Date): TimeRange => {
  const start = instant(query.startTime, "startTime", now);
  const end = instant(query.endTime, "endTime", now);
  if (start.getTime() === end.getTime()) return { start, end };
  return parseTimeRange({ start: start.toISOString(), end: end.toISOString(), names: ["startTime", "endTime"], maxDays: MAX_LIST_DAYS });
};

type ListPosition = AssignmentPosition & { range: [string, string] };

export const listAssignmentsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: PATH,
  scope: "assignments:read",
  summary: "List driver-vehicle assignments",
  description:
    "Who drove which vehicle when: the assignments that meet the range, oldest start first. A driver's " +
    "static vehicle is the default where no assignment covers a time, and is not listed here.",
  query: listQuerySchema,
  listKeys: LIST_PARAMS,
  response: pageSchema(assignmentSchema, "DriverVehicleAssignmentsPage"),
  run: async ({ db, tenant, query }): Promise<Page<AssignmentRecord>> => {
    const scope = cursorScope(
      `${PATH}?${JSON.stringify([query.filterBy, query.driverIds, query.vehicleIds, query.assignmentType, query.startTime, query.endTime])}`,
      tenant,
    );
    const position = query.after === undefined ? undefined : decodeCursor<ListPosition>({ cursor: query.after, scope });
    // A cursor keeps the range its first page resolved "now" to.
    const range = position ? { start: new Date(position.range[0]), end: new Date(position.range[1]) } : listRange(query, new Date());
    if (query.assignmentType !== undefined && query.assignmentType !== "external") return { data: [], pagination: { endCursor: "", hasNextPage: false } };
    const rows = await findAssignmentsInRange({
      db,
      ...tenant,
      range,
      driverIds: query.driverIds,
      vehicleIds: query.vehicleIds,
      after: position,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const hasNextPage = rows.length > query.limit && last !== undefined;
    const endCursor = hasNextPage
      ? encodeCursor<ListPosition>({
          scope,
          position: { startTime: last.startTime.toISOString(), id: last.id, range: [range.start.toISOString(), range.end.toISOString()] },
          ttlMs: LIST_CURSOR_TTL_MS,
        })
      : "";
    return { data: page.map(presentAssignment), pagination: { endCursor, hasNextPage } };
  },
});

export const createAssignmentEndpoint = defineFleetEndpoint({
  method: "POST",
  path: PATH,
  scope: "assignments:write",
  summary: "Create a driver-vehicle assignment",
  description:
    "Assigns the driver to the vehicle from startTime (default now) to endTime (absent: ongoing). 409 " +
    "naming the assignment it would overlap (same vehicle or same driver); 404 for a driver or vehicle of " +
    "another company.",
  body: createSchema,
  response: assignmentMessageSchema,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, body, actor }) => {
    const now = new Date();
    const row = await createAssignment({
      db,
      ...tenant,
      actor,
      source: "api",
      input: {
        driverId: body.driverId,
        vehicleId: body.vehicleId,
        startTime: instant(body.startTime, "startTime", now),
        endTime: body.endTime === undefined ? null : parseInstant(body.endTime, "endTime"),
        assignedAt: instant(body.assignedAtTime, "assignedAtTime", now),
        isPassenger: body.isPassenger,
        sourceName: body.metadata?.sourceName ?? null,
      },
    });
    return { data: { message: `Assignment ${row.id} created.`, ...presentAssignment(await getAssignment({ db, ...tenant, assignmentId: row.id })) } };
  },
});

export const updateAssignmentEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: PATH,
  scope: "assignments:write",
  summary: "Update a driver-vehicle assignment",
  description:
    "The assignment is named by driverId, vehicleId and its exact startTime (404 when none matches); endTime, isPassenger, assignedAtTime and metadata change.",
  body: updateSchema,
  response: assignmentMessageSchema,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, body, actor }) => {
    const endTime = body.endTime === undefined ? undefined : body.endTime === null || body.endTime === "null" ? null : parseInstant(body.endTime, "endTime");
    const row = await updateAssignment({
      db,
      ...tenant,
      actor,
      match: { driverId: body.driverId, vehicleId: body.vehicleId, startTime: parseInstant(body.startTime, "startTime") },
      changes: {
        endTime,
        isPassenger: body.isPassenger,
        assignedAt: body.assignedAtTime === undefined ? undefined : parseInstant(body.assignedAtTime, "assignedAtTime"),
        sourceName: body.metadata ? (body.metadata.sourceName ?? null) : undefined,
      },
    });
    return { data: { message: `Assignment ${row.id} updated.`, ...presentAssignment(await getAssignment({ db, ...tenant, assignmentId: row.id })) } };
  },
});

export const deleteAssignmentsEndpoint = defineFleetEndpoint({
  method: "DELETE",
  path: PATH,
  scope: "assignments:write",
  summary: "Delete a vehicle's driver-vehicle assignments",
  description:
    "Deletes the vehicle's assignments that meet startTime (default now) to endTime (absent: every later " +
    "one too). 404 for a vehicle of another company; nothing to delete is not an error.",
  body: deleteSchema,
  status: 204,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => {
    const startTime = instant(body.startTime, "startTime", new Date());
    const endTime = body.endTime === undefined ? null : parseInstant(body.endTime, "endTime");
    if (endTime && endTime <= startTime) throw new AppError("bad_request", '"endTime" must be after "startTime".');
    await deleteAssignments({ db, ...tenant, actor, vehicleId: body.vehicleId, startTime, endTime });
  },
});
