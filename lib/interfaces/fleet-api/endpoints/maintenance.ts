import { z } from "zod";
import { DEFECT_RESOLUTIONS } from "@/db/schema";
import {
  DVIR_STATUSES,
  getDefect,
  getDvir,
  listDefectTypes,
  resolveDefect,
  resolveDvir,
  streamDefects,
  streamDvirs,
  submitDvir,
} from "@/lib/fleet/inspections";
import { AppError } from "@/lib/platform/errors";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idList, numericId } from "../queries";
import { defectSchema, defectTypeSchema, dvirSchema, presentDefect, presentDefectType, presentDvir } from "../records/dvir-record";
import { cursorScope } from "./context";
import { readUpdatedStream, streamRange } from "./updated-stream";

const idParams = (what: string) => z.object({ id: numericId(what) });
const includeExternalIds = z.enum(["true", "false"]).optional().meta({ description: "Accepted for Samsara's clients; records carry no external ids." });

export const listDefectTypesEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/defect-types",
  scope: "maintenance:read",
  summary: "The company's inspection checklist (DVIR defect types)",
  description:
    "A company starts with the parts 49 CFR 396.11(a)(2) names: brakes, steering, lights, tires, horn, wipers, mirrors, " +
    "coupling devices, wheels and rims, emergency equipment, and Other.",
  query: z.object({ ...paginationQuery, ids: idList("defect type") }),
  listKeys: ["ids"],
  response: pageSchema(defectTypeSchema, "DefectTypesPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`defect-types?${query.ids?.join(",") ?? ""}`, tenant);
    const rows = await listDefectTypes({ db, ...tenant, ids: query.ids, afterId: readAfterId({ after: query.after, scope }), limit: query.limit + 1 });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentDefectType) });
  },
});

export const streamDvirsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/dvirs/stream",
  scope: "maintenance:read",
  summary: "DVIRs updated in a time range (a feed without endTime)",
  query: z.object({
    ...paginationQuery,
    ...streamRange,
    includeExternalIds,
    safetyStatus: z.array(z.enum(DVIR_STATUSES)).optional().meta({ description: "Only these: safe, unsafe, resolved (repeated or comma-separated)." }),
  }),
  listKeys: ["safetyStatus"],
  response: pageSchema(dvirSchema, "DvirsPage"),
  run: ({ db, tenant, query }) =>
    readUpdatedStream({
      tenant,
      endpoint: `dvirs/stream&${query.safetyStatus?.join(",") ?? ""}`,
      query,
      read: (range) => streamDvirs({ db, ...tenant, ...range, statuses: query.safetyStatus }),
      present: presentDvir,
    }),
});

export const getDvirEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/dvirs/{id}",
  scope: "maintenance:read",
  summary: "One DVIR",
  description: "Answered as the record itself, not under `data`, as Samsara's SDK reads it.",
  params: idParams("DVIR"),
  query: z.object({ includeExternalIds }),
  response: dvirSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => presentDvir(await getDvir({ db, ...tenant, dvirId: params.id })),
});

const dvirResponse = z.object({ data: dvirSchema }).meta({ id: "DvirResponse" });

export const createDvirEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/fleet/dvirs",
  scope: "maintenance:write",
  summary: "Create a mechanic's DVIR",
  description:
    "Only `type: mechanic`, as in Samsara; drivers submit theirs from the logbook. `authorId` is a user of the company (the signature is their name); " +
    "`resolvedDefectIds` (open defects of the vehicle) are marked repaired by them. Trailers are not registered here: give `vehicleId`.",
  body: z
    .object({
      authorId: numericId("user"),
      type: z.literal("mechanic"),
      safetyStatus: z.enum(["safe", "unsafe"]),
      vehicleId: numericId("vehicle").optional(),
      trailerId: z.string().optional(),
      licensePlate: z.string().max(20).optional(),
      location: z.string().max(500).optional(),
      mechanicNotes: z.string().max(5_000).optional(),
      odometerMeters: z.number().int().min(0).max(2_000_000_000).optional(),
      resolvedDefectIds: z.array(numericId("defect")).max(200).optional(),
    })
    .strict(),
  response: dvirResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => {
    if (body.vehicleId === undefined)
      throw new AppError("bad_request", body.trailerId ? "trailerId: trailers are not registered in this service; give vehicleId." : "vehicleId is required.");
    const dvir = await submitDvir({
      db,
      ...tenant,
      author: { type: "mechanic", userId: body.authorId },
      actor,
      input: { ...body, vehicleId: body.vehicleId },
    });
    return { data: presentDvir(dvir) };
  },
});

export const updateDvirEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/dvirs/{id}",
  scope: "maintenance:write",
  summary: "Resolve a DVIR",
  description: "Marks every open defect of the report repaired by `authorId` (a user of the company), and the report resolved.",
  params: idParams("DVIR"),
  body: z
    .object({
      authorId: numericId("user"),
      isResolved: z.literal(true, "isResolved: must be true (a resolved report cannot be reopened)"),
      mechanicNotes: z.string().max(5_000).optional(),
      signedAtTime: z.iso.datetime({ offset: true }).optional(),
    })
    .strict(),
  response: dvirResponse,
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentDvir(
      await resolveDvir({
        db,
        ...tenant,
        dvirId: params.id,
        resolver: { userId: body.authorId, field: "authorId" },
        mechanicNotes: body.mechanicNotes,
        signedAt: body.signedAtTime ? new Date(body.signedAtTime) : undefined,
        actor,
      }),
    ),
  }),
});

export const streamDefectsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/defects/stream",
  scope: "maintenance:read",
  summary: "DVIR defects updated in a time range (a feed without endTime)",
  query: z.object({
    ...paginationQuery,
    ...streamRange,
    includeExternalIds,
    isResolved: z.enum(["true", "false"]).optional().meta({ description: "Only resolved (true) or open (false) defects." }),
  }),
  response: pageSchema(defectSchema, "DvirDefectsPage"),
  run: ({ db, tenant, query }) =>
    readUpdatedStream({
      tenant,
      endpoint: `defects/stream&${query.isResolved ?? ""}`,
      query,
      read: (range) => streamDefects({ db, ...tenant, ...range, isResolved: query.isResolved === undefined ? undefined : query.isResolved === "true" }),
      present: presentDefect,
    }),
});

export const getDefectEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/defects/{id}",
  scope: "maintenance:read",
  summary: "One DVIR defect",
  description: "Answered as the record itself, not under `data`, as Samsara's SDK reads it.",
  params: idParams("defect"),
  query: z.object({ includeExternalIds }),
  response: defectSchema,
  errors: ["not_found"],
  run: async ({ db, tenant, params }) => presentDefect(await getDefect({ db, ...tenant, defectId: params.id })),
});

export const updateDefectEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/fleet/defects/{id}",
  scope: "maintenance:write",
  summary: "Resolve a DVIR defect, or set its mechanic's notes",
  description:
    "`isResolved: true` resolves it (`resolution`, beyond Samsara: `repaired`, the default, or `noRepairNeeded`), by `resolvedBy` (a user of " +
    "the company) or else by the API key. A resolved defect stays as it was resolved; the report resolves with its last open defect.",
  params: idParams("defect"),
  body: z
    .object({
      isResolved: z.literal(true, "isResolved: must be true (a resolved defect cannot be reopened)").optional(),
      mechanicNotes: z.string().max(5_000).optional(),
      resolvedAtTime: z.iso.datetime({ offset: true }).optional(),
      resolvedBy: z
        .object({ id: numericId("user"), type: z.literal("mechanic") })
        .strict()
        .optional(),
      resolution: z.enum(DEFECT_RESOLUTIONS).optional(),
    })
    .strict(),
  response: z.object({ data: defectSchema }).meta({ id: "DvirDefectResponse" }),
  errors: ["not_found"],
  run: async ({ db, tenant, params, body, actor }) => ({
    data: presentDefect(
      await resolveDefect({
        db,
        ...tenant,
        defectId: params.id,
        resolve: body.isResolved === true,
        resolution: body.resolution,
        resolver: body.resolvedBy ? { userId: body.resolvedBy.id, field: "resolvedBy.id" } : { type: "mechanic", id: actor.id, name: actor.name },
        mechanicNotes: body.mechanicNotes,
        resolvedAt: body.resolvedAtTime ? new Date(body.resolvedAtTime) : undefined,
        actor,
      }),
    ),
  }),
});
