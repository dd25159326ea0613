import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as idlingRoute from "@/app/idling/events/route";
import * as speedingRoute from "@/app/speeding-intervals/stream/route";
import * as tripsRoute from "@/app/trips/stream/route";
import { runTelemetryProcessors } from "@/lib/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry";
import { tripProcessor } from "@/lib/trips/trip-processor";
import { setupFleetFixture, type FleetFixture } from "../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../helpers/fleet-request";
import { useTestDatabase } from "../helpers/test-database";
import { buildTrack, MINUTE } from "../trips/track-builder";

const database = useTestDatabase();
let fixture: FleetFixture;
let start = 0;
const range = () => `startTime=${new Date(start - 60 * MINUTE).toISOString()}&endTime=${new Date(Date.now() + MINUTE).toISOString()}`;

beforeAll(async () => {
  const { db } = database();
  fixture = await setupFleetFixture({ db });
  // Two trips of the demo's second vehicle, the first over 120 km/h for 2 minutes, 8 minutes idling between them.
  start = Math.floor((Date.now() - 20 * 3_600_000) / MINUTE) * MINUTE;
  const track = buildTrack({ tenant: { companyId: fixture.demo.companyId, dataset: "live" }, vehicleId: fixture.demo.vehicleIds[1], start });
  track.stand(MINUTE).drive(5 * MINUTE).drive(2 * MINUTE, 40).drive(3 * MINUTE).stand(8 * MINUTE).drive(10 * MINUTE).stand(2 * MINUTE, { engineOn: false });
  await ingestTelemetry({ db, batch: { positions: track.positions, stats: track.stats } });
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

describe("GET /idling/events", () => {
  it("lists the 8-minute idle with its vehicle, driver and place, filtered by duration", async () => {
    const response = await get(idlingRoute.GET, `/idling/events?${range()}&assetIds=${vehicle()}`);
    expect(response.body.data).toEqual([
      expect.objectContaining({ asset: { id: vehicle() }, startTime: new Date(start + 11 * MINUTE).toISOString(), durationMilliseconds: 8 * MINUTE, latitude: expect.any(Number), fuelConsumedMilliliters: 0 }),
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
      expect.objectContaining({ startTime: new Date(start + 6 * MINUTE).toISOString(), endTime: new Date(start + 8 * MINUTE).toISOString(), maxSpeedKilometersPerHour: 144, postedSpeedLimitKilometersPerHour: 120, severityLevel: "heavy" }),
    ]);
    expect(second.intervals).toEqual([]);
    const light = await get(speedingRoute.GET, `/speeding-intervals/stream?${range()}&queryBy=tripStartTime&assetIds=${vehicle()}&severityLevels=light`);
    expect(light.body.data.map((trip: { intervals: unknown[] }) => trip.intervals.length)).toEqual([0, 0]);
  });
});
