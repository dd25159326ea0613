import { setImmediate } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { faultCodes } from "@/db/schema";
import { encodeCursor } from "@/lib/platform/cursor";
import { FLEET_RESPONSES } from "@/lib/interfaces/fleet-api/response-schemas";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as locationsFeedRoute from "@/app/fleet/vehicles/locations/feed/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as statsFeedRoute from "@/app/fleet/vehicles/stats/feed/route";
import * as trailerStatsFeedRoute from "@/app/fleet/trailers/stats/feed/route";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as userRolesRoute from "@/app/user-roles/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db, liveVehicles: 23 });
});
beforeEach(() => resetRateLimits(database().db));

type Handler = Parameters<typeof callFleet>[0];

const pageThrough = async (handler: Handler, path: string, limit: number, key = fixture.demo.key) => {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    await resetRateLimits(database().db);
    const separator = path.includes("?") ? "&" : "?";
    const response = await callFleet(handler, `${path}${separator}limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ""}`, { key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.length).toBeLessThanOrEqual(limit);
    ids.push(...response.body.data.map((record: { id: string }) => record.id));
    if (!response.body.pagination.hasNextPage) return ids;
    after = response.body.pagination.endCursor;
  }
  throw new Error("did not finish");
};

describe("cursor pagination", () => {
  const lists: [string, Handler, string][] = [
    ["GET /fleet/vehicles", vehiclesRoute.GET, "/fleet/vehicles"],
    ["GET /fleet/vehicles/locations", locationsRoute.GET, "/fleet/vehicles/locations"],
    ["GET /fleet/vehicles/stats", statsRoute.GET, "/fleet/vehicles/stats?types=engineRpm"],
    ["GET /fleet/drivers", driversRoute.GET, "/fleet/drivers"],
  ];
  for (const [name, handler, path] of lists) {
    it(`${name}: limit=1 and limit=512 give the same records, without duplicates or gaps`, async () => {
      const one = await pageThrough(handler, path, 1);
      const all = await pageThrough(handler, path, 512);
      expect(one).toEqual(all);
      expect(new Set(one).size).toBe(one.length);
      expect(all.length).toBeGreaterThanOrEqual(23);
    });
  }

  it("GET /user-roles: limit=1 gives one role a page, through all three, with the one cursor module's cursors", async () => {
    expect(await pageThrough(userRolesRoute.GET, "/user-roles", 1)).toEqual(["admin", "manager", "dispatcher"]);
    expect(await pageThrough(userRolesRoute.GET, "/user-roles", 2)).toEqual(["admin", "manager", "dispatcher"]);
    const first = await callFleet(userRolesRoute.GET, "/user-roles?limit=1", { key: fixture.demo.key });
    expect(first.body.pagination.hasNextPage).toBe(true);
    const foreign = await callFleet(vehiclesRoute.GET, `/fleet/vehicles?after=${encodeURIComponent(first.body.pagination.endCursor)}`, {
      key: fixture.demo.key,
    });
    expect(foreign.status).toBe(400);
    expect((await callFleet(userRolesRoute.GET, "/user-roles?after=garbage", { key: fixture.demo.key })).status).toBe(400);
  });

  it("refuses limit 0, 513, 1.5 and abc with 400 naming limit", async () => {
    for (const limit of ["0", "513", "1.5", "abc", ""]) {
      const response = await callFleet(vehiclesRoute.GET, `/fleet/vehicles?limit=${limit}`, { key: fixture.demo.key });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("limit");
    }
  });

  it("refuses tampered, foreign-endpoint, foreign-company and expired cursors with 400", async () => {
    const first = await callFleet(vehiclesRoute.GET, "/fleet/vehicles?limit=2", { key: fixture.demo.key });
    const cursor: string = first.body.pagination.endCursor;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith("AA") ? "BB" : "AA"}`;
    const foreignCompany = (await callFleet(vehiclesRoute.GET, "/fleet/vehicles?limit=2", { key: fixture.other.key })).body.pagination.endCursor;
    const expired = encodeCursor({
      scope: { endpoint: "fleet/vehicles", companyId: fixture.demo.companyId, dataset: "live" },
      position: { id: 1 },
      ttlMs: -1000,
    });
    const cases: [Handler, string, string][] = [
      [vehiclesRoute.GET, tampered, "Invalid"],
      [vehiclesRoute.GET, "garbage", "Invalid"],
      [driversRoute.GET, cursor, "Invalid"],
      [vehiclesRoute.GET, foreignCompany, "Invalid"],
      [vehiclesRoute.GET, expired, "expired"],
    ];
    for (const [handler, after, text] of cases) {
      const response = await callFleet(handler, `/fleet/x?after=${encodeURIComponent(after)}`, { key: fixture.demo.key });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(text);
    }
    const sandbox = await callFleet(vehiclesRoute.GET, `/fleet/vehicles?after=${encodeURIComponent(cursor)}`, { key: fixture.sandbox.key });
    expect(sandbox.status).toBe(400);
  });

  it("filters by vehicleIds given comma-separated or repeated", async () => {
    const [a, b] = fixture.demo.vehicleIds;
    for (const query of [`vehicleIds=${a},${b}`, `vehicleIds=${a}&vehicleIds=${b}`]) {
      const response = await callFleet(vehiclesRoute.GET, `/fleet/vehicles?${query}`, { key: fixture.demo.key });
      expect(response.body.data.map((v: { id: string }) => v.id)).toEqual([String(a), String(b)]);
    }
  });
});

describe("stats snapshot fault codes", () => {
  type StatsRecord = { id: string; faultCodes: { j1939: { diagnosticTroubleCodes: unknown[] }; obdii: { diagnosticTroubleCodes: unknown[] } } };
  const codeCount = (record: StatsRecord) => record.faultCodes.j1939.diagnosticTroubleCodes.length + record.faultCodes.obdii.diagnosticTroubleCodes.length;

  it("lands on its own vehicle on every page, after a cursor, and with vehicleIds", async () => {
    const { db } = database();
    const ids = fixture.demo.vehicleIds;
    // A code on a vehicle of the second page too (the fixture puts two on the first vehicle).
    const [added] = await db
      .insert(faultCodes)
      .values({
        companyId: fixture.demo.companyId,
        dataset: "live",
        vehicleId: ids[5],
        protocol: "j1939",
        spnId: 100,
        fmiId: 1,
        description: "Oil pressure low",
        firstSeenAt: fixture.now,
        lastSeenAt: fixture.now,
      })
      .returning({ id: faultCodes.id });
    try {
      const expected = (id: string) => (id === String(ids[0]) ? 2 : id === String(ids[5]) ? 1 : 0);
      const records: StatsRecord[] = [];
      let after = "";
      for (let pages = 0; pages < 20; pages++) {
        await resetRateLimits(db);
        const response = await callFleet(
          statsRoute.GET,
          `/fleet/vehicles/stats?types=faultCodes&limit=4${after ? `&after=${encodeURIComponent(after)}` : ""}`,
          { key: fixture.demo.key },
        );
        records.push(...response.body.data);
        if (!response.body.pagination.hasNextPage) break;
        after = response.body.pagination.endCursor;
      }
      expect(records).toHaveLength(ids.length);
      for (const record of records) expect(codeCount(record), record.id).toBe(expected(record.id));

      const path = `/fleet/vehicles/stats?types=faultCodes&vehicleIds=${ids[9]},${ids[5]},${ids[0]}&limit=1`;
      const pages: [string, number][] = [];
      after = "";
      for (let page = 0; page < 3; page++) {
        await resetRateLimits(db);
        const response = await callFleet(statsRoute.GET, `${path}${after ? `&after=${encodeURIComponent(after)}` : ""}`, { key: fixture.demo.key });
        pages.push(...response.body.data.map((record: StatsRecord): [string, number] => [record.id, codeCount(record)]));
        after = response.body.pagination.endCursor;
      }
      expect(pages).toEqual([
        [String(ids[0]), 2],
        [String(ids[5]), 1],
        [String(ids[9]), 0],
      ]);
    } finally {
      await db.delete(faultCodes).where(eq(faultCodes.id, added.id));
    }
  });
});

describe("change feeds", () => {
  const pollAll = async (handler: Handler, path: string, after: string, limit: number) => {
    const points: string[] = [];
    let cursor = after;
    for (;;) {
      await resetRateLimits(database().db);
      const response = await callFleet(handler, `${path}${path.includes("?") ? "&" : "?"}limit=${limit}&after=${encodeURIComponent(cursor)}`, {
        key: fixture.demo.key,
      });
      expect(response.status).toBe(200);
      FLEET_RESPONSES.locationSeries.parse(response.body);
      for (const vehicle of response.body.data) for (const point of vehicle.locations) points.push(`${vehicle.id}@${point.time}`);
      cursor = response.body.pagination.endCursor;
      if (!response.body.pagination.hasNextPage) return { points, cursor };
    }
  };

  it("first call: latest location per vehicle; caught-up poll: empty with hasNextPage false", async () => {
    const first = await pageThrough(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed", 10);
    expect(first.length).toBe(23);
    const start = await callFleet(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed?limit=512", { key: fixture.demo.key });
    expect(start.body.data.every((v: { locations: unknown[] }) => v.locations.length === 1)).toBe(true);
    const caughtUp = await callFleet(locationsFeedRoute.GET, `/fleet/vehicles/locations/feed?after=${encodeURIComponent(start.body.pagination.endCursor)}`, {
      key: fixture.demo.key,
    });
    expect(caughtUp.body).toEqual({ data: [], pagination: { endCursor: expect.any(String), hasNextPage: false } });
  });

  it("delivers every row written while it is paged exactly once, and nothing of other tenants", async () => {
    const { db } = database();
    const start = await callFleet(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed?limit=512", { key: fixture.demo.key });
    let cursor: string = start.body.pagination.endCursor;
    const written: string[] = [];
    const base = Date.now() + 3_600_000;
    const writer = (async () => {
      for (let batch = 0; batch < 15; batch++) {
        const positions = fixture.demo.vehicleIds
          .slice(0, 4)
          .map((vehicleId, i) => ({ vehicleId, time: new Date(base + batch * 1000 + i), latitude: 41, longitude: -87 }));
        await writeTelemetry({ db, companyId: fixture.demo.companyId, dataset: "live", positions });
        await writeTelemetry({
          db,
          companyId: fixture.other.companyId,
          dataset: "live",
          positions: [{ vehicleId: fixture.other.vehicleIds[0], time: new Date(base + batch * 1000), latitude: 1, longitude: 1 }],
        });
        written.push(...positions.map((p) => `${p.vehicleId}@${p.time.toISOString()}`));
      }
    })();
    const seen: string[] = [];
    let writing = true;
    void writer.finally(() => (writing = false));
    while (writing) {
      const result = await pollAll(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed", cursor, 3);
      seen.push(...result.points);
      cursor = result.cursor;
      // A turn of the event loop between polls, as a real client waits: PGlite answers in microtasks, so
      // without one the writer's transactions (which wait a turn: db/client.ts) would never start.
      await setImmediate();
    }
    await writer;
    seen.push(...(await pollAll(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed", cursor, 3)).points);
    expect(seen.sort()).toEqual([...written].sort());
  });

  it("stats feed with gps merges stat and position changes in one sequence", async () => {
    const { db } = database();
    const start = await callFleet(statsFeedRoute.GET, "/fleet/vehicles/stats/feed?types=fuelPercents,gps&limit=512", { key: fixture.demo.key });
    FLEET_RESPONSES.statsSeries.parse(start.body);
    const vehicleId = fixture.demo.vehicleIds[2];
    const time = new Date(Date.now() + 7_200_000);
    await writeTelemetry({
      db,
      companyId: fixture.demo.companyId,
      dataset: "live",
      positions: [{ vehicleId, time, latitude: 40, longitude: -80 }],
      stats: [{ vehicleId, time, fuelPercent: 42 }],
    });
    const next = await callFleet(
      statsFeedRoute.GET,
      `/fleet/vehicles/stats/feed?types=fuelPercents,gps&after=${encodeURIComponent(start.body.pagination.endCursor)}`,
      { key: fixture.demo.key },
    );
    FLEET_RESPONSES.statsSeries.parse(next.body);
    expect(next.body.data).toEqual([
      expect.objectContaining({
        id: String(vehicleId),
        fuelPercents: [{ time: time.toISOString(), value: 42 }],
        gps: [expect.objectContaining({ latitude: 40, longitude: -80 })],
      }),
    ]);
  });

  it("the tracker's supply voltage and the ECU speed in mph: latest in the snapshot, each change in the feed", async () => {
    const { db } = database();
    const vehicleId = fixture.demo.vehicleIds[3];
    const types = "types=batteryMilliVolts,ecuSpeedMph";
    const snapshot = await callFleet(statsRoute.GET, `/fleet/vehicles/stats?${types}&vehicleIds=${vehicleId}`, { key: fixture.demo.key });
    FLEET_RESPONSES.stats.parse(snapshot.body);
    // The fixture's last sample: 12,700 mV at 15 m/s.
    expect(snapshot.body.data[0]).toMatchObject({ batteryMilliVolts: { value: 12_700 }, ecuSpeedMph: { value: 33.55 } });
    const start = await callFleet(statsFeedRoute.GET, `/fleet/vehicles/stats/feed?${types}&limit=512`, { key: fixture.demo.key });
    const time = new Date(Date.now() + 9_000_000);
    await writeTelemetry({ db, companyId: fixture.demo.companyId, dataset: "live", stats: [{ vehicleId, time, batteryMilliVolts: 11_950, speed: 20 }] });
    const next = await callFleet(statsFeedRoute.GET, `/fleet/vehicles/stats/feed?${types}&after=${encodeURIComponent(start.body.pagination.endCursor)}`, {
      key: fixture.demo.key,
    });
    FLEET_RESPONSES.statsSeries.parse(next.body);
    expect(next.body.data).toEqual([
      {
        id: String(vehicleId),
        name: expect.any(String),
        batteryMilliVolts: [{ time: time.toISOString(), value: 11_950 }],
        ecuSpeedMph: [{ time: time.toISOString(), value: 44.74 }],
      },
    ]);
  });

  it("a trailer's reports are on no page of the vehicle feeds, and a vehicle's on no page of the trailer feed", async () => {
    const { db } = database();
    const feeds: [Handler, string][] = [
      [locationsFeedRoute.GET, "/fleet/vehicles/locations/feed"],
      [statsFeedRoute.GET, "/fleet/vehicles/stats/feed?types=gps,fuelPercents"],
      [trailerStatsFeedRoute.GET, "/fleet/trailers/stats/feed?types=gps,gpsOdometerMeters"],
    ];
    const cursors = await Promise.all(
      feeds.map(async ([handler, path]) => {
        const start = await callFleet(handler, `${path}${path.includes("?") ? "&" : "?"}limit=512`, { key: fixture.demo.key });
        return start.body.pagination.endCursor as string;
      }),
    );
    const [trailerId, vehicleId] = [fixture.demo.trailerIds[0], fixture.demo.vehicleIds[5]];
    const time = Date.now() + 10_800_000;
    // The trailer first, twice: paged one change at a time, its changes came first and took pages of their own.
    for (const [offset, assetId] of [trailerId, trailerId, vehicleId].entries()) {
      const at = new Date(time + offset * 1000);
      await writeTelemetry({
        db,
        companyId: fixture.demo.companyId,
        dataset: "live",
        positions: [{ vehicleId: assetId, time: at, latitude: 40, longitude: -80 }],
        stats: [{ vehicleId: assetId, time: at, fuelPercent: 50, gpsOdometerMeters: 700_000 }],
      });
    }
    for (const [index, [handler, path]] of feeds.entries()) {
      const pages: string[][] = [];
      let after = cursors[index];
      for (let page = 0; page < 10; page++) {
        await resetRateLimits(database().db);
        const response = await callFleet(handler, `${path}${path.includes("?") ? "&" : "?"}limit=1&after=${encodeURIComponent(after)}`, {
          key: fixture.demo.key,
        });
        expect(response.status).toBe(200);
        pages.push(response.body.data.map((record: { id: string }) => record.id));
        after = response.body.pagination.endCursor;
        if (!response.body.pagination.hasNextPage) break;
      }
      const expected = index === 2 ? String(trailerId) : String(vehicleId);
      // Every page holds the feed's own asset and nothing else: no empty page spent on the other kind.
      expect(pages.length, path).toBeGreaterThan(0);
      for (const page of pages) expect(page, path).toEqual([expected]);
    }
  });

  it("refuses faultCodes on the stats feed and an unknown type with 400", async () => {
    for (const types of ["faultCodes", "bogus", ""]) {
      const response = await callFleet(statsFeedRoute.GET, `/fleet/vehicles/stats/feed?types=${types}`, { key: fixture.demo.key });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("types");
    }
  });
});
