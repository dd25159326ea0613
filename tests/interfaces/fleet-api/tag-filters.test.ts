import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { places, tagDrivers, tags, tagVehicles } from "@/db/schema";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as locationsFeedRoute from "@/app/fleet/vehicles/locations/feed/route";
import * as locationsHistoryRoute from "@/app/fleet/vehicles/locations/history/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as statsFeedRoute from "@/app/fleet/vehicles/stats/feed/route";
import * as statsHistoryRoute from "@/app/fleet/vehicles/stats/history/route";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import * as hosLogsRoute from "@/app/fleet/hos/logs/route";
import * as hosDailyLogsRoute from "@/app/fleet/hos/daily-logs/route";
import * as hosViolationsRoute from "@/app/fleet/hos/violations/route";
import * as idlingRoute from "@/app/idling/events/route";
import * as addressesRoute from "@/app/addresses/route";
import { defineFleetEndpoint } from "@/lib/interfaces/fleet-api/define-fleet-endpoint";
import { tagFilterQuery } from "@/lib/interfaces/fleet-api/queries";
import { applyTagFilter } from "@/lib/interfaces/fleet-api/tag-filter";
import type { Executor } from "@/db/client";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
/** Demo's tag tree: root carries vehicle 2 and driver 2, its child vehicle 3 and driver 3, the grandchild vehicle 4. */
let root = 0;
let child = 0;
let grandchild = 0;

beforeAll(async () => {
  const { db } = database();
  fixture = await setupFleetFixture({ db });
  const tenant = { companyId: fixture.demo.companyId, dataset: "live" as const };
  const { vehicleIds, driverIds } = fixture.demo;
  [{ id: root }] = await db
    .insert(tags)
    .values({ ...tenant, name: "Region" })
    .returning({ id: tags.id });
  [{ id: child }] = await db
    .insert(tags)
    .values({ ...tenant, name: "Depot", parentTagId: root })
    .returning({ id: tags.id });
  [{ id: grandchild }] = await db
    .insert(tags)
    .values({ ...tenant, name: "Bay", parentTagId: child })
    .returning({ id: tags.id });
  await db.insert(tagVehicles).values([
    { companyId: tenant.companyId, tagId: root, vehicleId: vehicleIds[2] },
    { companyId: tenant.companyId, tagId: child, vehicleId: vehicleIds[3] },
    { companyId: tenant.companyId, tagId: grandchild, vehicleId: vehicleIds[4] },
  ]);
  await db.insert(tagDrivers).values([
    { companyId: tenant.companyId, tagId: root, driverId: driverIds[2] },
    { companyId: tenant.companyId, tagId: child, driverId: driverIds[3] },
  ]);
});
beforeEach(() => resetRateLimits(database().db));

type Handler = Parameters<typeof callFleet>[0];

/** The vehicle or driver ids of a page, in order, whatever the record's shape (`id`, or `driver.id` in HOS records). */
const idsOf = async (handler: Handler, path: string) => {
  const response = await callFleet(handler, path, { key: fixture.demo.key });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return (response.body.data as { id?: string; driver?: { id: string } }[]).map((record) => Number(record.id ?? record.driver!.id));
};

const hour = () => `startTime=${new Date(Date.now() - 3_600_000 * 2).toISOString()}&endTime=${new Date(Date.now() + 60_000).toISOString()}`;

const VEHICLE_ENDPOINTS: [string, Handler, string][] = [
  ["GET /fleet/vehicles", vehiclesRoute.GET, "/fleet/vehicles?"],
  ["GET /fleet/vehicles/locations", locationsRoute.GET, "/fleet/vehicles/locations?"],
  ["GET /fleet/vehicles/locations/feed", locationsFeedRoute.GET, "/fleet/vehicles/locations/feed?"],
  ["GET /fleet/vehicles/locations/history", locationsHistoryRoute.GET, `/fleet/vehicles/locations/history?${hour()}&`],
  ["GET /fleet/vehicles/stats", statsRoute.GET, "/fleet/vehicles/stats?types=engineRpm&"],
  ["GET /fleet/vehicles/stats/feed", statsFeedRoute.GET, "/fleet/vehicles/stats/feed?types=engineRpm&"],
  ["GET /fleet/vehicles/stats/history", statsHistoryRoute.GET, `/fleet/vehicles/stats/history?types=engineRpm&${hour()}&`],
];

describe("tagIds and parentTagIds on every vehicle endpoint that documents them", () => {
  it.each(VEHICLE_ENDPOINTS)(
    "%s: tagIds and parentTagIds the tag's subtree's vehicles, with vehicleIds both, another company's tag none",
    async (_name, handler, path) => {
      const v = fixture.demo.vehicleIds;
      expect(await idsOf(handler, `${path}tagIds=${root}`)).toEqual([v[2], v[3], v[4]]);
      expect(await idsOf(handler, `${path}tagIds=${child}`)).toEqual([v[3], v[4]]);
      expect(await idsOf(handler, `${path}parentTagIds=${root}`)).toEqual([v[2], v[3], v[4]]);
      expect(await idsOf(handler, `${path}parentTagIds=${grandchild}&tagIds=${child}`)).toEqual([v[3], v[4]]);
      expect(await idsOf(handler, `${path}parentTagIds=${root}&vehicleIds=${v[3]},${v[5]}`)).toEqual([v[3]]);
      expect(await idsOf(handler, `${path}tagIds=${fixture.other.tagIds[0]}`)).toEqual([]);
      expect(await idsOf(handler, `${path}tagIds=999999999`)).toEqual([]);
      expect((await idsOf(handler, path)).length).toBe(v.length);
    },
  );

  it("the filter pages: limit=1 walks the subtree's vehicles only", async () => {
    const seen: number[] = [];
    let after = "";
    for (let page = 0; page < 5; page++) {
      const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?parentTagIds=${root}&limit=1${after}`, { key: fixture.demo.key });
      seen.push(...response.body.data.map((record: { id: string }) => Number(record.id)));
      if (!response.body.pagination.hasNextPage) break;
      after = `&after=${encodeURIComponent(response.body.pagination.endCursor)}`;
    }
    expect(seen).toEqual(fixture.demo.vehicleIds.slice(2, 5));
  });
});

describe("tagIds and parentTagIds on the driver endpoints", () => {
  const DRIVER_ENDPOINTS: [string, Handler, string][] = [
    ["GET /fleet/drivers", driversRoute.GET, "/fleet/drivers?"],
    ["GET /fleet/hos/clocks", hosClocksRoute.GET, "/fleet/hos/clocks?"],
    ["GET /fleet/hos/logs", hosLogsRoute.GET, "/fleet/hos/logs?"],
  ];
  it.each(DRIVER_ENDPOINTS)("%s: the tag's subtree's drivers, by tagIds or parentTagIds", async (_name, handler, path) => {
    const d = fixture.demo.driverIds;
    expect(await idsOf(handler, `${path}tagIds=${root}`)).toEqual([d[2], d[3]]);
    expect(await idsOf(handler, `${path}tagIds=${child}`)).toEqual([d[3]]);
    expect(await idsOf(handler, `${path}parentTagIds=${root}`)).toEqual([d[2], d[3]]);
    expect(await idsOf(handler, `${path}tagIds=${fixture.other.tagIds[0]}`)).toEqual([]);
  });

  it.each([
    ["GET /fleet/hos/daily-logs", hosDailyLogsRoute.GET, "/fleet/hos/daily-logs?"],
    ["GET /fleet/hos/violations", hosViolationsRoute.GET, "/fleet/hos/violations?"],
  ] as [string, Handler, string][])("%s: only the tagged drivers' records (the fixture's driver 0 logged 10 h driving)", async (_name, handler, path) => {
    const d = fixture.demo.driverIds;
    expect(await idsOf(handler, `${path}tagIds=${fixture.demo.tagIds[0]}&driverIds=${d[0]}`)).toContain(d[0]);
    expect(await idsOf(handler, `${path}tagIds=${root}&driverIds=${d[0]}`)).toEqual([]);
    expect((await idsOf(handler, `${path}parentTagIds=${root}`)).every((id) => id === d[2] || id === d[3])).toBe(true);
  });
});

describe("tag filters on records of a vehicle and on tagged records", () => {
  it("GET /idling/events: the tagged vehicles' events only", async () => {
    const range = `startTime=${new Date(Date.now() - 86_400_000).toISOString()}&endTime=${new Date().toISOString()}`;
    const events = async (filter: string) =>
      (await callFleet(idlingRoute.GET, `/idling/events?${range}&${filter}`, { key: fixture.demo.key })).body.data as { asset: { id: number } }[];
    expect((await events(`tagIds=${fixture.demo.tagIds[0]}`)).map((event) => event.asset.id)).toEqual([fixture.demo.vehicleIds[0]]);
    expect(await events(`parentTagIds=${root}`)).toEqual([]);
  });

  it("GET /addresses: places carrying the tag or a tag below it", async () => {
    const { db } = database();
    const box = {
      latitude: 41.9,
      longitude: -87.6,
      radiusMeters: 100,
      minLatitude: 41.899,
      maxLatitude: 41.901,
      minLongitude: -87.601,
      maxLongitude: -87.599,
      formattedAddress: "1 N State St",
    };
    const [depot] = await db
      .insert(places)
      .values({ companyId: fixture.demo.companyId, dataset: "live", ...box, name: "Depot yard", tagIds: [child] })
      .returning({ id: places.id });
    expect(await idsOf(addressesRoute.GET, `/addresses?tagIds=${child}`)).toEqual([depot.id]);
    expect(await idsOf(addressesRoute.GET, `/addresses?parentTagIds=${root}`)).toEqual([depot.id]);
    expect(await idsOf(addressesRoute.GET, `/addresses?tagIds=${root}`)).toEqual([depot.id]);
    expect(await idsOf(addressesRoute.GET, `/addresses?tagIds=${grandchild}`)).toEqual([]);
  });
});

describe("the one mechanism", () => {
  it("reads nothing when no tag filter is given (the snapshots' cost is unchanged)", async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("no statement expected");
        },
      },
    ) as Executor;
    const query = { vehicleIds: [1, 2], limit: 50 };
    expect(
      await applyTagFilter({ db: untouchable, tenant: { companyId: 1, dataset: "live" }, query, target: { members: "vehicles", narrows: "vehicleIds" } }),
    ).toBe(query);
  });

  it("refuses, at definition, an endpoint that documents tagIds without applying them", () => {
    const define = (tagFilter?: { members: "vehicles"; narrows: "vehicleIds" }) =>
      defineFleetEndpoint({
        method: "GET",
        path: "/example",
        scope: "vehicles:read",
        summary: "Example",
        query: z.object({ vehicleIds: z.array(z.number()).optional(), ...tagFilterQuery }),
        tagFilter,
        run: async () => ({}),
      });
    expect(() => define()).toThrow(/tagFilter/);
    expect(() => define({ members: "vehicles", narrows: "vehicleIds" })).not.toThrow();
  });
});
