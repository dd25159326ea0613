import { z } from "zod";
import { SAFETY_EVENT_KINDS } from "@/db/schema";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { parseTimeRange } from "@/lib/platform/time-range";
import { listSafetyEvents } from "@/lib/processing/safety-events/list-safety-events";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { tagFilterQuery } from "../queries";
import { BEHAVIOR_LABELS, presentSafetyEvent, safetyEventSchema } from "../records/safety-event-record";
import type { AssetLookup } from "../records/trip-record";
import { TAG_FILTER_PARAMS } from "../tag-filter";
import { cursorScope, type EndpointContext } from "./context";

const flag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();
const LABELS = Object.values(BEHAVIOR_LABELS);
const kindOf = (label: string) => SAFETY_EVENT_KINDS.find((kind) => BEHAVIOR_LABELS[kind] === label)!;

/** Samsara's flags this service answers the same whatever they say: every event is a vehicle gateway's. */
const includes = { includeAsset: flag, includeDriver: flag, includeVgOnlyEvents: flag };

/** includeAsset: the page's vehicles' names and VINs, one query. */
const assetLookup = async ({ db, tenant }: EndpointContext, vehicleIds: number[]): Promise<AssetLookup> => {
  const rows =
    vehicleIds.length === 0 ? [] : await listVehicles({ db, ...tenant, kind: "any", vehicleIds: [...new Set(vehicleIds)], limit: vehicleIds.length });
  const byId = new Map(rows.map((row) => [row.id, { name: row.name, vin: row.vin }]));
  return (vehicleId) => byId.get(vehicleId);
};

const present = async (context: EndpointContext, rows: Awaited<ReturnType<typeof listSafetyEvents>>, includeAsset: boolean | undefined) => {
  const lookup = includeAsset
    ? await assetLookup(
        context,
        rows.map((row) => row.vehicleId),
      )
    : null;
  return rows.map((row) => presentSafetyEvent(row, lookup));
};

export const safetyEventsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/safety-events",
  scope: "safety:read",
  summary: "Safety events",
  description:
    "Samsara's getSafetyEventsV2: harsh acceleration, braking and cornering and crashes, as the devices report them " +
    "(or as computed from speed changes for vehicles whose device reports none), oldest first. `safetyEventIds` names some.",
  query: z.object({
    ...paginationQuery,
    safetyEventIds: z.array(z.uuid("a safety event id (uuid)")).max(512).optional(),
    ...includes,
  }),
  listKeys: ["safetyEventIds"],
  response: pageSchema(safetyEventSchema, "SafetyEventsPage"),
  run: async ({ query, ...context }) => {
    const scope = cursorScope(`safety-events?${query.safetyEventIds?.join(",") ?? ""}`, context.tenant);
    const rows = await listSafetyEvents({
      db: context.db,
      ...context.tenant,
      eventUuids: query.safetyEventIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    const page = toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (list) => list });
    return { data: await present(context, page.data, query.includeAsset), pagination: page.pagination };
  },
});

const ids = z
  .array(z.string().regex(/^\d{1,9}$/, "a vehicle id"))
  .max(2_000)
  .transform((list) => list.map(Number))
  .optional();

export const safetyEventsStreamEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/safety-events/stream",
  scope: "safety:read",
  summary: "Safety events stream",
  description:
    "Samsara's getSafetyEventsV2Stream: the safety events stored in [startTime, endTime) (events are never changed, so " +
    "createdAtTime and updatedAtTime are the same), in the order stored; without endTime, poll with the cursor.",
  query: z.object({
    ...paginationQuery,
    startTime: z.string().meta({ description: "RFC 3339 start (inclusive). Required." }),
    endTime: z.string().optional().meta({ description: "RFC 3339 end (exclusive), at most 35 days after startTime; default now." }),
    queryByTimeField: z.enum(["updatedAtTime", "createdAtTime"]).default("updatedAtTime"),
    assetIds: ids.meta({ description: "Only these vehicles (ids; at most 2,000)." }),
    ...tagFilterQuery,
    behaviorLabels: z
      .array(z.enum(LABELS as [string, ...string[]], `one of ${LABELS.join(", ")} (the labels this service stores)`))
      .optional()
      .meta({ description: "Only these behaviors: Acceleration, Braking, HarshTurn, Crash." }),
    eventStates: z.array(z.string().max(32)).max(10).optional().meta({ description: "Every stored event is needsReview." }),
    ...includes,
  }),
  listKeys: ["assetIds", "behaviorLabels", "eventStates", ...TAG_FILTER_PARAMS],
  tagFilter: { members: "vehicles", narrows: "assetIds" },
  response: pageSchema(safetyEventSchema, "SafetyEventsStreamPage"),
  run: async ({ query, ...context }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime ?? new Date().toISOString(), names: ["startTime", "endTime"] });
    const assets = query.tagIds || query.parentTagIds ? `tags:${query.tagIds ?? ""}:${query.parentTagIds ?? ""}` : (query.assetIds?.join(",") ?? "");
    const scope = cursorScope(`safety-events-stream?${assets}&${query.behaviorLabels?.join(",") ?? ""}&${range.start.toISOString()}`, context.tenant);
    const rows =
      query.eventStates && !query.eventStates.includes("needsReview")
        ? []
        : await listSafetyEvents({
            db: context.db,
            ...context.tenant,
            range,
            vehicleIds: query.assetIds,
            kinds: query.behaviorLabels?.map(kindOf),
            afterId: readAfterId({ after: query.after, scope }),
            limit: query.limit + 1,
          });
    const page = toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (list) => list });
    return { data: await present(context, page.data, query.includeAsset), pagination: page.pagination };
  },
});
