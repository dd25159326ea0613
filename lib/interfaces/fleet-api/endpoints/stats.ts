import { getReadDb } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { parseTimeRange } from "@/lib/platform/time-range";
import { chooseBucketSeconds } from "@/lib/telemetry/vehicle-history/bucket-width";
import { findLocationHistory } from "@/lib/telemetry/vehicle-history/find-location-history";
import { findStatsHistory } from "@/lib/telemetry/vehicle-history/find-stats-history";
import { listStatSamples, type SamplePosition } from "@/lib/telemetry/vehicle-history/list-stat-samples";
import { listPageFaultCodes } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import { listVehicleStates, listVehicleStateVersions } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import { readStatChanges, type PositionChange, type StatChange } from "@/lib/telemetry/vehicle-state/read-changes";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { decodeCursor, encodeCursor, LIST_CURSOR_TTL_MS } from "@/lib/platform/cursor";
import { readAfterId, toKeysetPage, toVehiclePage } from "../pagination";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { LIST_PARAMS, statsHistoryQuerySchema, statsQuerySchema, type StatsHistoryQuery, type StatsQuery } from "../queries";
import { FLEET_RESPONSES } from "../response-schemas";
import { presentStatsSeries, presentVehicleStats, STAT_TYPES, type StatType, type VehicleStats } from "../records/stats-record";
import { VERSION_FEATURES } from "../versioning";
import type { ApiVersion } from "@/lib/platform/api-versions";
import { serializeSnapshotPage } from "../serialized-page";
import { cursorScope, groupByVehicle, type EndpointContext, readHistory, type CallingKey } from "./context";
import { readFeed } from "./read-feed";

/** 400 for a type this version lacks, or one the endpoint does not serve (fault codes: snapshot only). */
const checkTypes = ({ types, version, allowFaultCodes }: { types: readonly StatType[]; version: ApiVersion; allowFaultCodes: boolean }) => {
  for (const type of types) {
    if (STAT_TYPES[type].since > version) throw new AppError("bad_request", `Invalid value for "types": "${type}" does not exist in API version ${version}.`);
    if (type === "faultCodes" && !allowFaultCodes)
      throw new AppError("bad_request", 'Invalid value for "types": faultCodes is served by /fleet/vehicles/stats only.');
  }
  return [...new Set(types)];
};

/**
 * A snapshot page of the stats (the snapshot endpoint, and the feed under 2023-06-01) with each
 * record as `present` makes it; the fault codes are read alongside only when asked for.
 */
const statsSnapshot = async ({
  db,
  tenant,
  version,
  query,
  types,
  kind,
  present,
}: EndpointContext & {
  query: StatsQuery;
  types: StatType[];
  kind: string;
  present: (record: VehicleStats) => unknown;
}) => {
  const scope = cursorScope("fleet/vehicles/stats", tenant);
  const bounds = { ...tenant, vehicleIds: query.vehicleIds, afterId: readAfterId({ after: query.after, scope }) };
  // Both queries at once: the fault codes name the page by its bounds, not by the rows of the first.
  const [rows, codes] = await Promise.all([
    listVehicleStateVersions({ db, ...bounds, limit: query.limit + 1 }),
    types.includes("faultCodes") ? listPageFaultCodes({ db, ...bounds, limit: query.limit }) : [],
  ]);
  const codesOf = groupByVehicle(codes);
  return serializeSnapshotPage({
    db,
    version,
    kind: `${kind}\0${types.join(",")}`,
    page: toVehiclePage({ rows, limit: query.limit, scope }),
    // Fault codes live in their own table (a vehicle almost always has none).
    extraOf: (vehicleId) => {
      const vehicleCodes = codesOf(vehicleId);
      return vehicleCodes.length === 0 ? "" : JSON.stringify(vehicleCodes);
    },
    loadStates: (vehicleIds) => listVehicleStates({ db, ...tenant, vehicleIds, limit: vehicleIds.length }),
    present: (state) => present(presentVehicleStats({ state, types, faultCodes: codesOf(state.vehicleId) })),
  });
};

/** GET /fleet/vehicles/stats: each vehicle's latest value of each requested type. */
export const listStatsPage = ({ db, tenant, version, query }: EndpointContext & { query: StatsQuery }) =>
  statsSnapshot({
    db,
    tenant,
    version,
    query,
    types: checkTypes({ types: query.types, version, allowFaultCodes: true }),
    kind: "snapshot",
    present: (record) => record,
  });

/** GET /fleet/vehicles/stats/feed; under 2023-06-01 the whole snapshot on every call. */
export const readStatsFeed = async ({ db, tenant, version, query }: EndpointContext & { query: StatsQuery }) => {
  const types = checkTypes({ types: query.types, version, allowFaultCodes: false });
  const series = (vehicles: { id: number; name: string }[], changes: (StatChange | PositionChange)[]) =>
    presentStatsSeries({
      vehicles,
      samples: changes.filter((change): change is StatChange => change.kind === "stats"),
      positions: changes.filter((change): change is PositionChange => change.kind === "position"),
      types,
    });
  if (!VERSION_FEATURES[version].changeFeeds) return statsSnapshot({ db, tenant, version, query, types, kind: "series", present: snapshotToSeries });
  return readFeed({
    db,
    tenant,
    version,
    scope: cursorScope("fleet/vehicles/stats/feed", tenant),
    after: query.after,
    limit: query.limit,
    vehicleIds: query.vehicleIds,
    withLocationOnly: false,
    readChanges: (range) => readStatChanges({ db, ...tenant, ...range, vehicleIds: query.vehicleIds, includePositions: types.includes("gps") }),
    presentSnapshot: (states) => states.map((state) => snapshotToSeries(presentVehicleStats({ state, types, faultCodes: [] }))),
    presentChanges: series,
  });
};

/** A snapshot record as a one-reading series (`fuelPercent: {...}` → `fuelPercents: [{...}]`). */
const snapshotToSeries = (record: VehicleStats) => {
  const series: Record<string, unknown> = { id: record.id, name: record.name };
  for (const { snapshotKey, seriesKey } of Object.values(STAT_TYPES)) {
    const reading = (record as Record<string, unknown>)[snapshotKey];
    if (snapshotKey in record) series[seriesKey] = reading === undefined ? [] : [reading];
  }
  return series;
};

/** GET /fleet/vehicles/stats/history: bucketed per vehicle (paged by vehicle); 2023-06-01: raw samples (paged by sample). */
export const readStatsHistory = async ({ db, tenant, version, query, key }: EndpointContext & CallingKey & { query: StatsHistoryQuery }) => {
  const types = checkTypes({ types: query.types, version, allowFaultCodes: false });
  const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: ["startTime", "endTime"] });
  return readHistory({ tenant, key, range }, async () => {
    if (!VERSION_FEATURES[version].bucketedStatsHistory) return readRawStatsHistory({ db, tenant, version, query, types, range });
    const bucketSeconds = chooseBucketSeconds({ range, bucketSeconds: query.bucketSeconds });
    const scope = cursorScope("fleet/vehicles/stats/history", tenant);
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
    const samples = await findStatsHistory({ db: getReadDb(), ...tenant, vehicleIds: pageIds, range, bucketSeconds });
    const positions = types.includes("gps") ? await findLocationHistory({ db: getReadDb(), ...tenant, vehicleIds: pageIds, range, bucketSeconds }) : [];
    return toKeysetPage({
      rows: vehicles,
      limit: query.limit,
      scope,
      idOf: (vehicle) => vehicle.id,
      present: (page) => presentStatsSeries({ vehicles: page, samples, positions, types }),
    });
  });
};

const readRawStatsHistory = async ({
  db,
  tenant,
  query,
  types,
  range,
}: EndpointContext & { query: StatsHistoryQuery; types: StatType[]; range: { start: Date; end: Date } }) => {
  if (types.includes("gps")) throw new AppError("bad_request", 'Invalid value for "types": gps history does not exist in API version 2023-06-01.');
  const scope = cursorScope("fleet/vehicles/stats/history@2023-06-01", tenant);
  const after = query.after === undefined ? undefined : decodeCursor<SamplePosition>({ cursor: query.after, scope });
  const rows = await listStatSamples({ db, ...tenant, vehicleIds: query.vehicleIds, range, after, limit: query.limit + 1 });
  const hasNextPage = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const ids = [...new Set(page.map((row) => row.vehicleId))];
  const vehicles = ids.length === 0 ? [] : await listVehicles({ db, ...tenant, vehicleIds: ids, archive: "all", limit: ids.length });
  const endCursor =
    hasNextPage && last ? encodeCursor({ scope, position: { vehicleId: last.vehicleId, time: last.time.toISOString() }, ttlMs: LIST_CURSOR_TTL_MS }) : "";
  return { data: presentStatsSeries({ vehicles, samples: page, positions: [], types }), pagination: { endCursor, hasNextPage } };
};

export const listStatsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/stats",
  scope: "vehicles:read",
  summary: "Current stats",
  query: statsQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.stats,
  run: listStatsPage,
});

export const statsFeedEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/stats/feed",
  scope: "vehicles:read",
  summary: "Change feed of stats",
  query: statsQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.statsSeries,
  run: readStatsFeed,
});

export const statsHistoryEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/vehicles/stats/history",
  scope: "vehicles:read",
  summary: "Stats history, bucketed",
  query: statsHistoryQuerySchema,
  listKeys: LIST_PARAMS,
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: FLEET_RESPONSES.statsSeries,
  run: readStatsHistory,
});
