import { SECTIONS } from "@/lib/access/auth/role-policy";
import { changesQuerySchema, historyRange, rangeQuerySchema, vehicleParamsSchema } from "@/lib/dashboard/data/queries";
import { AppError } from "@/lib/platform/errors";
import { getClientIp } from "@/lib/platform/http";
import { parseResumeSeq, SERVER_SENT_EVENTS_HEADERS } from "@/lib/live/stream/server-sent-events";
import { openHeldStream } from "@/lib/live/stream/stream-slots";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

export const fleetSnapshotEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/fleet",
  summary: "The company's whole live fleet with latest location and stats, and the cursors to poll changes from",
  run: ({ source }) => source.getSnapshot(),
});

export const fleetChangesEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/fleet/changes",
  summary: "Latest location and stats of the vehicles that changed since the cursors",
  query: changesQuerySchema,
  run: ({ source, query }) => source.getChanges(query),
});

/**
 * From `?after=` (the snapshot's streamSeq) or, on a reconnect, from Last-Event-ID: no gap, no
 * repeat. Open streams are capped per user and per address (429; the map then polls).
 */
export const fleetStreamEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/fleet/stream",
  summary: "The company's live changes as server-sent events",
  roles: SECTIONS.map.roles,
  action: "follow the live map",
  run: async ({ request, source, user }) => {
    if (!source.openChangeStream) throw new AppError("not_found", "The live stream reads this app's own database; with an upstream fleet API the map polls.");
    const afterSeq = parseResumeSeq({ lastEventId: request.headers.get("last-event-id"), after: new URL(request.url).searchParams.get("after") });
    if (afterSeq === null) throw new AppError("bad_request", "after: give the change sequence to start after (the fleet snapshot's streamSeq).");
    const open = source.openChangeStream;
    const stream = await openHeldStream({ kind: "user", userId: user.id, address: getClientIp(request) }, (onClose) =>
      open({ afterSeq, signal: request.signal, onClose }),
    );
    return new Response(stream, { headers: SERVER_SENT_EVENTS_HEADERS });
  },
});

export const vehicleOptionsEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/vehicles",
  summary: "The company's vehicles for the pickers",
  run: async ({ source }) => ({ vehicles: await source.listVehicleOptions() }),
});

export const vehicleDetailsEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/vehicles/{id}",
  summary: "The map's vehicle panel: live values, driver, active fault codes, HOS clocks",
  params: vehicleParamsSchema,
  run: ({ source, params }) => source.getVehicleDetails({ vehicleId: params.id }),
});

export const vehicleLocationsEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/vehicles/{id}/locations",
  summary: "The vehicle's downsampled breadcrumb over `from`..`to` (playback)",
  params: vehicleParamsSchema,
  query: rangeQuerySchema,
  run: ({ source, params, query }) => source.getLocationHistory({ vehicleId: params.id, range: historyRange(query) }),
});

export const vehicleStatsEndpoint = defineDashboardEndpoint({
  method: "GET",
  path: "/api/dashboard/vehicles/{id}/stats",
  summary: "The vehicle's downsampled stats series and the fault codes seen over `from`..`to`",
  params: vehicleParamsSchema,
  query: rangeQuerySchema,
  run: ({ source, params, query }) => source.getStatsHistory({ vehicleId: params.id, range: historyRange(query) }),
});
