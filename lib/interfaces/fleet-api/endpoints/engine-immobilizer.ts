import { z } from "zod";
import { listImmobilizerStates, queueDeviceCommand } from "@/lib/fleet/device-commands";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import { AppError } from "@/lib/platform/errors";
import { parseTimeRange } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery } from "../pagination";
import { idList } from "../queries";
import { immobilizerStateSchema, presentImmobilizerState } from "../records/immobilizer-record";
import { cursorScope } from "./context";

const relayStatesSchema = z.object({
  relayStates: z
    .array(z.object({ id: z.enum(["relay1", "relay2"]), isOpen: z.boolean() }))
    .min(1, "give at least one relay state")
    .refine((states) => new Set(states.map((state) => state.id)).size === states.length, "one state per relay"),
});

export const updateEngineImmobilizerEndpoint = defineFleetEndpoint({
  method: "PATCH",
  path: "/beta/fleet/vehicles/{id}/immobilizer",
  scope: "vehicles:write",
  summary: "Update the engine immobilizer",
  description: [
    "Samsara's engine immobilizer update, sent to the vehicle's tracker as its engine stop (relay1 open) or resume (relay1 closed)",
    "command: at once when the tracker is connected, else at its next connection within a day. Trackers whose protocol has no such",
    "command (or no tracker) are a 409. This service drives one relay per vehicle: relay2 is a 400. Each command is in the audit log;",
    "its state changes once the device confirms it (GET /fleet/vehicles/immobilizer/stream).",
  ].join(" "),
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: relayStatesSchema,
  status: 204,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, params, body, actor }) => {
    if (body.relayStates.some((state) => state.id === "relay2"))
      throw new AppError("bad_request", 'Invalid value for "relayStates": this service drives one relay (relay1).');
    const [relay] = body.relayStates;
    await queueDeviceCommand({ db, ...tenant, vehicleId: params.id, kind: relay.isOpen ? "engineStop" : "engineResume", actor });
  },
});

const streamQuerySchema = z.object({
  ...paginationQuery,
  vehicleIds: idList("vehicle").meta({ description: "The vehicles whose states to read (ids; repeated or comma-separated). Required." }),
  startTime: z.string().meta({ description: "RFC 3339 start (inclusive). Required." }),
  endTime: z.string().optional().meta({ description: "RFC 3339 end (exclusive); default now." }),
});

type StreamPosition = { atMs: number; id: number };

export const engineImmobilizerStreamEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/immobilizer/stream",
  scope: "vehicles:read",
  summary: "Engine immobilizer states",
  description:
    "Samsara's engine immobilizer states: each engine stop or resume a vehicle's tracker confirmed in the range, oldest first " +
    "(relay1 open: the engine is stopped). Commands not yet answered have no state.",
  query: streamQuerySchema,
  listKeys: ["vehicleIds"],
  response: pageSchema(immobilizerStateSchema, "EngineImmobilizerStatesPage"),
  run: async ({ db, tenant, query }) => {
    if (!query.vehicleIds?.length) throw new AppError("bad_request", '"vehicleIds" is required: the vehicles whose states to read.');
    // Commands are few (people send them), so any range within the kept telemetry is one cheap read.
    const range = parseTimeRange({ start: query.startTime, end: query.endTime ?? new Date().toISOString(), names: ["startTime", "endTime"], maxDays: 400 });
    const scope = cursorScope(`fleet/vehicles/immobilizer/stream?${query.vehicleIds!.join(",")}&${query.startTime}&${query.endTime ?? ""}`, tenant);
    const resumed = query.after === undefined ? undefined : decodeCursor<StreamPosition>({ cursor: query.after, scope });
    const rows = await listImmobilizerStates({
      db,
      ...tenant,
      vehicleIds: query.vehicleIds!,
      from: range.start,
      to: range.end,
      after: resumed && { at: new Date(resumed.atMs), id: resumed.id },
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const position: StreamPosition | undefined = last ? { atMs: last.at.getTime(), id: last.id } : resumed;
    return {
      data: page.map(presentImmobilizerState),
      pagination: { endCursor: position ? encodeCursor({ scope, position, ttlMs: LIST_CURSOR_TTL_MS }) : "", hasNextPage: rows.length > query.limit },
    };
  },
});
