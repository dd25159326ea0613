import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies } from "@/db/schema";
import { FLEET_RESPONSES } from "@/lib/interfaces/fleet-api/response-schemas";
import * as vehicleByIdRoute from "@/app/fleet/vehicles/[id]/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as locationsFeedRoute from "@/app/fleet/vehicles/locations/feed/route";
import * as locationsHistoryRoute from "@/app/fleet/vehicles/locations/history/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as statsHistoryRoute from "@/app/fleet/vehicles/stats/history/route";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import { createTestApiKey } from "../../helpers/api-keys";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
let vehicleId: number;
const day0 = new Date("2026-03-01T00:00:00Z");
const OLD = "2023-06-01";

beforeAll(async () => {
  const { db } = database();
  fixture = await setupFleetFixture({ db });
  vehicleId = fixture.demo.vehicleIds[1];
  // Two days at one point a minute: position i at (41 + i/1e4, -87), speed i % 30; odometer grows 500 m a minute.
  const times = Array.from({ length: 2 * 1440 }, (_, i) => new Date(day0.getTime() + i * 60_000));
  await writeTelemetry({
    db,
    companyId: fixture.demo.companyId,
    dataset: "live",
    // Checked against the day after the data, not the clock: the fixed dates would one day fall out of the retention.
    now: new Date(day0.getTime() + 3 * 86_400_000),
    positions: times.map((time, i) => ({ vehicleId, time, latitude: 41 + i / 1e4, longitude: -87, speed: i % 30 })),
    stats: times.map((time, i) => ({
      vehicleId,
      time,
      engineRpm: 1000 + (i % 60) * 10,
      fuelPercent: 90,
      odometerMeters: i * 500,
      engineSeconds: i * 60,
      speed: i % 30,
      batteryMilliVolts: 12_000 + (i % 60) * 10,
      // Digital input 1 on for one minute each hour (minute 30), reported off the rest of the time.
      auxInput1: i % 60 === 30,
    })),
  });
});
beforeEach(() => resetRateLimits(database().db));

const history = (handler: typeof locationsHistoryRoute.GET, query: string, version?: string) =>
  callFleet(handler, `/fleet/vehicles/x/history?vehicleIds=${vehicleId}&${query}`, { key: fixture.demo.key, version });

describe("history", () => {
  it("refuses a range over 35 days, a reversed range, a missing end and a bad timestamp with 400", async () => {
    const cases = [
      "startTime=2026-01-01T00:00:00Z&endTime=2026-02-06T00:00:00Z",
      "startTime=2026-03-02T00:00:00Z&endTime=2026-03-01T00:00:00Z",
      "startTime=2026-03-01T00:00:00Z",
      "startTime=yesterday&endTime=2026-03-01T00:00:00Z",
    ];
    for (const handler of [locationsHistoryRoute.GET, statsHistoryRoute.GET]) {
      for (const query of cases) {
        const response = await history(handler, `types=engineRpm&${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.message).toMatch(/startTime|endTime/);
      }
    }
    expect((await history(locationsHistoryRoute.GET, "startTime=2026-01-01T00:00:00Z&endTime=2026-02-05T00:00:00Z")).status).toBe(200);
  });

  it("location history: at most 1,000 points by default, one per bucket, the last position in each", async () => {
    const whole = await history(locationsHistoryRoute.GET, "startTime=2026-03-01T00:00:00Z&endTime=2026-03-03T00:00:00Z");
    FLEET_RESPONSES.locationSeries.parse(whole.body);
    const points = whole.body.data[0].locations;
    expect(points.length).toBeLessThanOrEqual(1000);
    expect(points.length).toBeGreaterThan(900);
    const hourly = await history(locationsHistoryRoute.GET, "startTime=2026-03-01T00:00:00Z&endTime=2026-03-03T00:00:00Z&bucketSeconds=3600");
    const hours = hourly.body.data[0].locations;
    expect(hours).toHaveLength(48);
    expect(hours[0]).toMatchObject({ time: "2026-03-01T00:59:00.000Z", latitude: 41 + 59 / 1e4, speed: 59 % 30 });
  });

  it("stats history: hourly buckets with the average RPM and the last odometer", async () => {
    const response = await history(
      statsHistoryRoute.GET,
      "types=engineRpm,obdOdometerMeters,fuelPercents&startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T03:00:00Z&bucketSeconds=3600",
    );
    FLEET_RESPONSES.statsSeries.parse(response.body);
    const [series] = response.body.data;
    expect(series.engineRpm).toHaveLength(3);
    expect(series.engineRpm[0]).toEqual({ time: "2026-03-01T00:00:00.000Z", value: 1295 });
    expect(series.obdOdometerMeters[1]).toEqual({ time: "2026-03-01T01:00:00.000Z", value: 119 * 500 });
    expect(series.fuelPercents.every((r: { value: number }) => r.value === 90)).toBe(true);
  });

  it("stats history: the tracker's supply voltage and the ECU speed in mph, averaged per bucket under Samsara's names", async () => {
    const response = await history(
      statsHistoryRoute.GET,
      "types=batteryMilliVolts,ecuSpeedMph&startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T02:00:00Z&bucketSeconds=3600",
    );
    FLEET_RESPONSES.statsSeries.parse(response.body);
    const [series] = response.body.data;
    expect(series.batteryMilliVolts).toEqual([
      { time: "2026-03-01T00:00:00.000Z", value: 12_295 },
      { time: "2026-03-01T01:00:00.000Z", value: 12_295 },
    ]);
    // Speeds 0..29 twice an hour: 14.5 m/s on average.
    expect(series.ecuSpeedMph[0]).toEqual({ time: "2026-03-01T00:00:00.000Z", value: 32.44 });
    const old = await callFleet(statsRoute.GET, `/fleet/vehicles/stats?types=batteryMilliVolts&vehicleIds=${vehicleId}`, {
      key: fixture.demo.key,
      version: OLD,
    });
    expect(old.status).toBe(400);
  });
});

describe("aux inputs", () => {
  it("stats history: a digital input (auxInput1) is on in a bucket when it was on at any time in it, named as Samsara names it", async () => {
    const range = "startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T02:00:00Z";
    const response = await history(statsHistoryRoute.GET, `types=auxInput1,auxInput2&${range}&bucketSeconds=1800`);
    FLEET_RESPONSES.statsSeries.parse(response.body);
    const [series] = response.body.data;
    // The one-minute activation at minute 30 of each hour is not averaged away.
    expect(series.auxInput1).toEqual([
      { time: "2026-03-01T00:00:00.000Z", name: "Input 1", value: false },
      { time: "2026-03-01T00:30:00.000Z", name: "Input 1", value: true },
      { time: "2026-03-01T01:00:00.000Z", name: "Input 1", value: false },
      { time: "2026-03-01T01:30:00.000Z", name: "Input 1", value: true },
    ]);
    expect(series.auxInput2).toEqual([]);
    const old = await history(statsHistoryRoute.GET, "types=auxInput1&startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T02:00:00Z", OLD);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe('Invalid value for "types": "auxInput1" does not exist in API version 2023-06-01.');
  });
});

describe("versions (X-Service-Version)", () => {
  it("echoes the version, defaults to the key's, and refuses an unknown one listing the accepted values", async () => {
    const current = await callFleet(vehiclesRoute.GET, "/fleet/vehicles", { key: fixture.demo.key });
    expect(current.headers.get("x-service-version")).toBe("2025-01-15");
    const pinned = await createTestApiKey({ db: database().db, companyId: fixture.demo.companyId, apiVersion: OLD });
    const old = await callFleet(vehiclesRoute.GET, "/fleet/vehicles", { key: pinned.key });
    expect(old.headers.get("x-service-version")).toBe(OLD);
    expect(typeof old.body.data[0].createdAtTime).toBe("number");
    const unknown = await callFleet(vehiclesRoute.GET, "/fleet/vehicles", { key: fixture.demo.key, version: "2024-01-01" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("2023-06-01, 2025-01-15");
  });

  it("2023-06-01: speedMilesPerHour and epoch milliseconds instead of speed in m/s and RFC 3339", async () => {
    const current = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key: fixture.demo.key });
    const old = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key: fixture.demo.key, version: OLD });
    const now = current.body.data[0].location;
    const then = old.body.data[0].location;
    expect(then.speed).toBeUndefined();
    expect(then.speedMilesPerHour).toBeCloseTo(now.speed * 2.236936, 1);
    expect(then.time).toBe(Date.parse(now.time));
    const stats = await callFleet(statsRoute.GET, `/fleet/vehicles/stats?types=speed&vehicleIds=${vehicleId}`, { key: fixture.demo.key, version: OLD });
    expect(stats.body.data[0].speedMilesPerHour.value).toBeCloseTo(now.speed * 2.236936, 1);
  });

  it("2023-06-01: no location history (404), no engineRpm or faultCodes (400), raw stats history", async () => {
    expect((await history(locationsHistoryRoute.GET, "startTime=2026-03-01T00:00:00Z&endTime=2026-03-02T00:00:00Z", OLD)).status).toBe(404);
    for (const types of ["engineRpm", "faultCodes"]) {
      expect((await callFleet(statsRoute.GET, `/fleet/vehicles/stats?types=${types}`, { key: fixture.demo.key, version: OLD })).status).toBe(400);
    }
    const raw = await history(statsHistoryRoute.GET, "types=fuelPercents&startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T00:10:00Z&limit=4", OLD);
    expect(raw.body.data[0].fuelPercents.map((r: { time: number }) => r.time)).toEqual([0, 1, 2, 3].map((i) => day0.getTime() + i * 60_000));
    const rest = await history(
      statsHistoryRoute.GET,
      `types=fuelPercents&startTime=2026-03-01T00:00:00Z&endTime=2026-03-01T00:10:00Z&limit=512&after=${encodeURIComponent(raw.body.pagination.endCursor)}`,
      OLD,
    );
    expect(rest.body.data[0].fuelPercents).toHaveLength(6);
  });

  it("2023-06-01: the feed returns the full snapshot on every call", async () => {
    const first = await callFleet(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed", { key: fixture.demo.key, version: OLD });
    expect(first.body.data).toHaveLength(fixture.demo.vehicleIds.length);
    const again = await callFleet(locationsFeedRoute.GET, "/fleet/vehicles/locations/feed", { key: fixture.demo.key, version: OLD });
    expect(again.body.data).toEqual(first.body.data);
  });
});

describe("rate limits", () => {
  it("Free plan: 5 requests a second, then 429 with Retry-After; limit headers on every response", async () => {
    const { db } = database();
    await db.update(companies).set({ planTier: "Free" }).where(eq(companies.id, fixture.other.companyId));
    const key = (await createTestApiKey({ db, companyId: fixture.other.companyId })).key;
    const responses: Awaited<ReturnType<typeof callFleet>>[] = [];
    // Until the bucket runs dry: 7 requests empty it only if they take under ~0.4 s (it refills 5 a second), which a
    // loaded machine does not promise; 30 need under ~5 s.
    while (responses.length < 30 && !responses.some((r) => r.status === 429)) {
      responses.push(await callFleet(vehicleByIdRoute.GET, "/fleet/vehicles/x", { key, params: { id: String(fixture.other.vehicleIds[0]) } }));
    }
    expect(responses.map((r) => r.status)).toContain(429);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (const response of responses) expect(response.headers.get("x-ratelimit-limit")).toBe("5");
  });
});
