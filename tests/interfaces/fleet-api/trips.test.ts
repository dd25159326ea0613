import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as idlingRoute from "@/app/idling/events/route";
import * as speedingRoute from "@/app/speeding-intervals/stream/route";
import * as tripsRoute from "@/app/trips/stream/route";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";
import { buildTrack, MINUTE } from "../../processing/trips/track-builder";

const database = useTestDatabase();
let fixture: FleetFixture;
let start = 0;
let openStart = 0;
const range = () => `startTime=${new Date(start - 60 * MINUTE).toISOString()}&endTime=${new Date(Date.now() + MINUTE).toISOString()}`;

beforeAll(async () => {
  const { db } = database();
  // The fixture's telemetry ends half an hour ago, leaving room for the trips in progress below.
  fixture = await setupFleetFixture({ db, now: new Date(Date.now() - 30 * MINUTE) });
  // Two trips of the demo's second vehicle, the first over 120 km/h for 2 minutes, 8 minutes idling between them.
  start = Math.floor((Date.now() - 20 * 3_600_000) / MINUTE) * MINUTE;
  const track = buildTrack({ tenant: { companyId: fixture.demo.companyId, dataset: "live" }, vehicleId: fixture.demo.vehicleIds[1], start });
  track
    .stand(MINUTE)
    .drive(5 * MINUTE)
    .drive(2 * MINUTE, 40)
    .drive(3 * MINUTE)
    .stand(8 * MINUTE)
    .drive(10 * MINUTE)
    .stand(2 * MINUTE, { engineOn: false });
  // A trip in progress on the third vehicle (moving for the last 13 minutes), and the fourth one's,
  // silent for 10 minutes (over: it is stored when the vehicle next reports).
  const tenant = { companyId: fixture.demo.companyId, dataset: "live" as const };
  openStart = Math.floor((Date.now() - 14 * MINUTE) / 10_000) * 10_000;
  const moving = buildTrack({ tenant, vehicleId: fixture.demo.vehicleIds[2], start: openStart - 6 * MINUTE })
    .stand(6 * MINUTE)
    .drive(13 * MINUTE);
  const rested = buildTrack({ tenant, vehicleId: fixture.demo.vehicleIds[3], start: openStart - 6 * MINUTE })
    .stand(6 * MINUTE)
    .drive(4 * MINUTE);
  for (const built of [track, moving, rested]) await ingestTelemetry({ db, batch: { positions: built.positions, stats: built.stats } });
  await runTelemetryProcessors({ db, processors: [tripProcessor] });
});
beforeEach(() => resetRateLimits(database().db));

const get = (handler: typeof tripsRoute.GET, path: string, key = fixture.demo.key) => callFleet(handler, path, { key });
const vehicle = () => fixture.demo.vehicleIds[1];

describe("GET /trips/stream", () => {
  it("lists the detected trips in Samsara's shape, with distance, speeds, addresses and the asset when asked", async () => {
    const response = await get(tripsRoute.GET, `/trips/stream?${range()}&queryBy=tripStartTime&ids=${vehicle()}&includeAsset=true`);
    expect(response.status).toBe(200);
    const [first, second, ...more] = response.body.data;
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      asset: { id: String(vehicle()), type: "vehicle" },
      completionStatus: "completed",
      tripStartTime: new Date(start + MINUTE).toISOString(),
      tripEndTime: new Date(start + 11 * MINUTE).toISOString(),
      durationMs: 10 * MINUTE,
      maxSpeedMetersPerSecond: 40,
      startLocation: { latitude: 41.88, longitude: -87.63, address: { city: "Chicago", state: "IL" } },
    });
    expect(first.asset.name).toEqual(expect.any(String));
    expect(first.distanceMeters).toBeCloseTo(8 * 60 * 15 + 2 * 60 * 40, -2);
    expect(first.averageSpeedMetersPerSecond).toBeCloseTo(first.distanceMeters / 600, 3);
    expect(second.tripStartTime).toBe(new Date(start + 19 * MINUTE).toISOString());
  });

  it("pages with the cursor it issued, and only for the same query", async () => {
    const first = await get(tripsRoute.GET, `/trips/stream?${range()}&ids=${vehicle()}&limit=1`);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const next = await get(tripsRoute.GET, `/trips/stream?${range()}&ids=${vehicle()}&limit=1&after=${first.body.pagination.endCursor}`);
    expect(next.body.data.map((trip: { tripStartTime: string }) => trip.tripStartTime)).toEqual([new Date(start + 19 * MINUTE).toISOString()]);
    expect(next.body.pagination).toEqual({ endCursor: "", hasNextPage: false });
    const elsewhere = await get(tripsRoute.GET, `/trips/stream?${range()}&limit=1&after=${first.body.pagination.endCursor}`);
    expect(elsewhere.status).toBe(400);
  });

  it("answers 400 naming the field for a missing or bad time range, ids or queryBy", async () => {
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    for (const [query, field] of [
      ["", "startTime"],
      [`startTime=yesterday`, "startTime"],
      [`startTime=${longAgo}`, "35 days"],
      [`${range()}&queryBy=endTime`, "queryBy"],
      [`${range()}&ids=${Array.from({ length: 51 }, (_, n) => n + 1).join(",")}`, "ids"],
      [`${range()}&ids=abc`, "ids"],
    ]) {
      const response = await get(tripsRoute.GET, `/trips/stream?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toContain(field);
    }
  });

  it("shows nothing of another company's vehicles or of the live data to a sandbox key", async () => {
    expect((await get(tripsRoute.GET, `/trips/stream?${range()}&ids=${vehicle()}`, fixture.other.key)).body.data).toEqual([]);
    expect((await get(tripsRoute.GET, `/trips/stream?${range()}&ids=${vehicle()}`, fixture.sandbox.key)).body.data).toEqual([]);
  });
});

describe("GET /trips/stream: trips in progress", () => {
  const moving = () => fixture.demo.vehicleIds[2];
  const rested = () => fixture.demo.vehicleIds[3];
  const since = () => `startTime=${new Date(openStart - 60 * MINUTE).toISOString()}`;
  type Trip = {
    id?: string;
    asset: { id: string };
    completionStatus: string;
    tripStartTime: string;
    tripEndTime?: string;
    endLocation?: unknown;
    distanceMeters: number;
  };

  it("lists a trip in progress with its start and no end; completionStatus filters it", async () => {
    const inProgress = await get(tripsRoute.GET, `/trips/stream?${since()}&completionStatus=inProgress&includeAsset=true`);
    expect(inProgress.status, JSON.stringify(inProgress.body)).toBe(200);
    const [trip, ...more] = inProgress.body.data as Trip[];
    expect(more).toEqual([]);
    expect(trip).toMatchObject({
      asset: { id: String(moving()), type: "vehicle" },
      completionStatus: "inProgress",
      tripStartTime: new Date(openStart).toISOString(),
      startLocation: { latitude: 41.88, longitude: -87.63 },
    });
    expect(trip.tripEndTime).toBeUndefined();
    expect(trip.endLocation).toBeUndefined();
    expect(trip.id).toBeUndefined();
    expect(trip.distanceMeters).toBeGreaterThan(12 * 60 * 15);
    const completed = await get(tripsRoute.GET, `/trips/stream?${since()}&completionStatus=completed&ids=${moving()},${rested()}`);
    expect(completed.body.data).toEqual([]);
    const all = await get(tripsRoute.GET, `/trips/stream?${since()}&ids=${moving()},${rested()}`);
    expect((all.body.data as Trip[]).map((found) => [found.asset.id, found.completionStatus])).toEqual([[String(moving()), "inProgress"]]);
  });

  it("queryBy=tripStartTime compares the trip's start; ids and another tenant's key leave it out", async () => {
    const startedBefore = `startTime=${new Date(openStart - 60 * MINUTE).toISOString()}&endTime=${new Date(openStart).toISOString()}&queryBy=tripStartTime`;
    expect((await get(tripsRoute.GET, `/trips/stream?${startedBefore}&completionStatus=inProgress`)).body.data).toEqual([]);
    expect((await get(tripsRoute.GET, `/trips/stream?${since()}&queryBy=tripStartTime&completionStatus=inProgress`)).body.data).toHaveLength(1);
    expect((await get(tripsRoute.GET, `/trips/stream?${since()}&completionStatus=inProgress&ids=${vehicle()}`)).body.data).toEqual([]);
    expect((await get(tripsRoute.GET, `/trips/stream?${since()}&completionStatus=inProgress`, fixture.sandbox.key)).body.data).toEqual([]);
  });

  it("pages through the completed trips, then those in progress, one a page", async () => {
    const seen: [string, string][] = [];
    let after = "";
    for (let page = 0; page < 6; page++) {
      const response = await get(tripsRoute.GET, `/trips/stream?${range()}&queryBy=tripStartTime&ids=${vehicle()},${moving()}&limit=1${after}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      seen.push(...(response.body.data as Trip[]).map((trip): [string, string] => [trip.asset.id, trip.completionStatus]));
      if (!response.body.pagination.hasNextPage) break;
      after = `&after=${encodeURIComponent(response.body.pagination.endCursor)}`;
    }
    expect(seen).toEqual([
      [String(vehicle()), "completed"],
      [String(vehicle()), "completed"],
      [String(moving()), "inProgress"],
    ]);
  });
});

describe("GET /idling/events", () => {
  it("lists the 8-minute idle with its vehicle, driver and place, filtered by duration", async () => {
    const response = await get(idlingRoute.GET, `/idling/events?${range()}&assetIds=${vehicle()}`);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        asset: { id: vehicle() },
        startTime: new Date(start + 11 * MINUTE).toISOString(),
        durationMilliseconds: 8 * MINUTE,
        latitude: expect.any(Number),
        fuelConsumedMilliliters: 0,
      }),
    ]);
    expect((await get(idlingRoute.GET, `/idling/events?${range()}&assetIds=${vehicle()}&minDurationMilliseconds=${9 * MINUTE}`)).body.data).toEqual([]);
    expect((await get(idlingRoute.GET, `/idling/events?${range()}&assetIds=${vehicle()}&maxDurationMilliseconds=${8 * MINUTE}`)).body.data).toHaveLength(1);
    const tooShort = await get(idlingRoute.GET, `/idling/events?${range()}&minDurationMilliseconds=1000`);
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toContain("minDurationMilliseconds");
    expect((await get(idlingRoute.GET, `/idling/events?startTime=${new Date(start).toISOString()}`)).status).toBe(400);
  });
});

describe("GET /speeding-intervals/stream", () => {
  it("lists each trip with its speeding intervals, severity against the company threshold", async () => {
    const response = await get(speedingRoute.GET, `/speeding-intervals/stream?${range()}&queryBy=tripStartTime&assetIds=${vehicle()}&includeDriverId=true`);
    const [first, second] = response.body.data;
    expect(first.intervals).toEqual([
      expect.objectContaining({
        startTime: new Date(start + 6 * MINUTE).toISOString(),
        endTime: new Date(start + 8 * MINUTE).toISOString(),
        maxSpeedKilometersPerHour: 144,
        postedSpeedLimitKilometersPerHour: 120,
        severityLevel: "heavy",
      }),
    ]);
    expect(second.intervals).toEqual([]);
    const light = await get(speedingRoute.GET, `/speeding-intervals/stream?${range()}&queryBy=tripStartTime&assetIds=${vehicle()}&severityLevels=light`);
    expect(light.body.data.map((trip: { intervals: unknown[] }) => trip.intervals.length)).toEqual([0, 0]);
  });
});
