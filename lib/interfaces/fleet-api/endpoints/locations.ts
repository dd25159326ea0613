import { getReadDb } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { parseTimeRange } from "@/lib/platform/time-range";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { listVehicleStates, listVehicleStateVersions, type VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { readPositionChanges } from "@/lib/telemetry/vehicle-state/read-changes";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { readAfterId, toKeysetPage, toVehiclePage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { LIST_PARAMS, locationsHistoryQuerySchema, vehiclesQuerySchema, type LocationsHistoryQuery, type VehiclesQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { presentLocationPoint } from "../records/location-record";
import { VERSION_FEATURES } from "../versioning";
import { serializeSnapshotPage } from "../serialized-page";
import { cursorScope, groupByVehicle, type EndpointContext, readHistory, type CallingKey } from "./context";
import { readFeed } from "./read-feed";

const pointOf = (state: VehicleStateRow) =>
  presentLocationPoint({ time: state.locationTime!, latitude: state.latitude!, longitude: state.longitude!, heading: state.heading, speed: state.speed });

/** A snapshot page of the vehicles that have a position (the snapshot endpoint, and the feed under 2023-06-01). */
const locationsSnapshot = async ({
  db,
  tenant,
  version,
  query,
  kind,
  present,
}: EndpointContext & { query: VehiclesQuery; kind: string; present: (state: VehicleStateRow) => unknown }) => {
  const scope = cursorScope("fleet/vehicles/locations", tenant);
  const afterId = readAfterId({ after: query.after, scope });
  const rows = await listVehicleStateVersions({ db, ...tenant, vehicleIds: query.vehicleIds, afterId, limit: query.limit + 1, withLocationOnly: true });
  return serializeSnapshotPage({
    db,
    version,
    kind,
    page: toVehiclePage({ rows, limit: query.limit, scope }),
    loadStates: (vehicleIds) => listVehicleStates({ db, ...tenant, vehicleIds, limit: vehicleIds.length, withLocationOnly: true }),
    present,
  });
};

/** GET /fleet/vehicles/locations: each vehicle's latest position. */
export const listLocationsPage = (context: EndpointContext & { query: VehiclesQuery }) =>
  locationsSnapshot({ ...context, kind: "snapshot", present: (state) => ({ id: String(state.vehicleId), name: state.name, location: pointOf(state) }) });

const seriesOf = (state: VehicleStateRow) => ({ id: String(state.vehicleId), name: state.name, locations: [pointOf(state)] });

/** GET /fleet/vehicles/locations/feed; under 2023-06-01 the whole snapshot on every call. */
export const readLocationsFeed = async ({ db, tenant, version, query }: EndpointContext & { query: VehiclesQuery }) => {
  if (!VERSION_FEATURES[version].changeFeeds) return locationsSnapshot({ db, tenant, version, query, kind: "series", present: seriesOf });
  return readFeed({
    db,
    tenant,
    version,
    scope: cursorScope("fleet/vehicles/locations/feed", tenant),
    after: query.after,
    limit: query.limit,
    vehicleIds: query.vehicleIds,
    withLocationOnly: true,
    readChanges: (range) => readPositionChanges({ db, ...tenant, ...range, vehicleIds: query.vehicleIds }),
    presentSnapshot: (states) => states.map(seriesOf),
    presentChanges: (vehicles, changes) => {
      const changesOf = groupByVehicle(changes);
      return vehicles.map(({ id, name }) => ({ id: String(id), name, locations: changesOf(id).map(presentLocationPoint) }));
    },
  });
};

/** GET /fleet/vehicles/locations/history: per vehicle (paged by vehicle) the last position of each bucket. */
export const readLocationsHistory = async ({ db, tenant, version, query, key }: EndpointContext & CallingKey & { query: LocationsHistoryQuery }) => {
  if (!VERSION_FEATURES[version].locationHistory) throw new AppError("not_found", "Location history does not exist in API version 2023-06-01.");
  const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: ["startTime", "endTime"] });
  const bucketSeconds = chooseBucketSeconds({ range, bucketSeconds: query.bucketSeconds });
  const scope = cursorScope("fleet/vehicles/locations/history", tenant);
  return readHistory({ tenant, key, range }, async () => {
    // History stays reachable after archiving: an archived vehicle named in vehicleIds is read too.
    const vehicles = await listVehicles({
      db,
      ...tenant,
      vehicleIds: query.vehicleIds,
      archive: query.vehicleIds ? "all" : "active",
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    const pageIds = vehicles.slice(0, query.limit).map((vehicle) => vehicle.id);
    const pointsOf = groupByVehicle(await findLocationHistory({ db: getReadDb(), ...tenant, vehicleIds: pageIds, range, bucketSeconds }));
    return toKeysetPage({
      rows: vehicles,
      limit: query.limit,
      scope,
      idOf: (vehicle) => vehicle.id,
      present: (page) => page.map((vehicle) => ({ id: String(vehicle.id), name: vehicle.name, locations: pointsOf(vehicle.id).map(presentLocationPoint) })),
    });
  });
};

export const listLocationsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/locations",
  scope: "vehicles:read",
  summary: "Current locations",
  query: vehiclesQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.locations,
  run: listLocationsPage,
});

export const locationsFeedEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/locations/feed",
  scope: "vehicles:read",
  summary: "Change feed of locations",
  query: vehiclesQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.locationSeries,
  run: readLocationsFeed,
});

export const locationsHistoryEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/locations/history",
  scope: "vehicles:read",
  summary: "Location history, bucketed",
  query: locationsHistoryQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.locationSeries,
  errors: ["not_found"],
  run: readLocationsHistory,
});
