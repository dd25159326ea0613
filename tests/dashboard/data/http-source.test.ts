import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as assignmentsRoute from "@/app/fleet/driver-vehicle-assignments/route";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import * as vehicleByIdRoute from "@/app/fleet/vehicles/[id]/route";
import * as locationsFeedRoute from "@/app/fleet/vehicles/locations/feed/route";
import * as locationsHistoryRoute from "@/app/fleet/vehicles/locations/history/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import * as statsFeedRoute from "@/app/fleet/vehicles/stats/feed/route";
import * as statsHistoryRoute from "@/app/fleet/vehicles/stats/history/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as safetyEventsStreamRoute from "@/app/safety-events/stream/route";
import * as tripsRoute from "@/app/trips/stream/route";
import { getDb } from "@/db/client";
import { drivers, faultCodes, vehicles } from "@/db/schema";
import { createAssignment } from "@/lib/fleet/assignments";
import { operatorActor } from "@/lib/platform/audit";
import type { FleetSource } from "@/lib/dashboard/data";
import { createHttpSource } from "@/lib/dashboard/data/http-source";
import { createInProcessSource } from "@/lib/dashboard/data/in-process-source";
import { CLIENT_IP_HEADER } from "@/lib/platform/http";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry, type PositionReport, type StatSample } from "@/lib/telemetry/store";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { createTestApiKey } from "../../helpers/api-keys";
import { resetRateLimits } from "../../helpers/fleet-request";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

// The dashboard with FLEET_API_URL set reads this app's own /fleet handlers over "HTTP": a fetch that
// hands each request to the route handler Next would run. Whatever the in-process source shows, the
// HTTP source must show too, method by method.

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

/** The /fleet routes the HTTP source calls, most specific first. */
const ROUTES: [RegExp, Handler][] = [
  [/^\/fleet\/vehicles$/, vehiclesRoute.GET],
  [/^\/fleet\/vehicles\/locations$/, locationsRoute.GET],
  [/^\/fleet\/vehicles\/locations\/feed$/, locationsFeedRoute.GET],
  [/^\/fleet\/vehicles\/locations\/history$/, locationsHistoryRoute.GET],
  [/^\/fleet\/vehicles\/stats$/, statsRoute.GET],
  [/^\/fleet\/vehicles\/stats\/feed$/, statsFeedRoute.GET],
  [/^\/fleet\/vehicles\/stats\/history$/, statsHistoryRoute.GET],
  [/^\/fleet\/vehicles\/(?<id>[^/]+)$/, vehicleByIdRoute.GET],
  [/^\/fleet\/drivers$/, driversRoute.GET],
  [/^\/fleet\/hos\/clocks$/, hosClocksRoute.GET],
  [/^\/trips\/stream$/, tripsRoute.GET],
  [/^\/safety-events\/stream$/, safetyEventsStreamRoute.GET],
  [/^\/fleet\/driver-vehicle-assignments$/, assignmentsRoute.GET],
];

const requested: string[] = [];

const fetchFromThisApp = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input);
  requested.push(url.pathname);
  const headers = new Headers(init?.headers);
  headers.set(CLIENT_IP_HEADER, "203.0.113.7");
  for (const [pattern, handler] of ROUTES) {
    const match = pattern.exec(url.pathname);
    if (match) return handler(new Request(url, { headers }), { params: Promise.resolve({ ...match.groups }) });
  }
  throw new Error(`No /fleet route for ${url.pathname}`);
}) as typeof fetch;

const database = useTestDatabase();
const START = Date.now() - 60 * 60_000;
const at = (minutes: number) => new Date(START + minutes * 60_000);
const RANGE = { start: at(-5), end: at(30) };

/** Demo's first vehicle drives for 20 minutes with stats and a fault code; the others report once. */
const setup = async () => {
  const { db } = database();
  const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 4 });
  const demo = await db.select().from(vehicles).where(eq(vehicles.companyId, demoCompanyId)).orderBy(asc(vehicles.id));
  const live = demo.filter((vehicle) => vehicle.dataset === "live");
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  for (let minute = 0; minute <= 20; minute++) {
    positions.push({ ...tenant, vehicleId: live[0].id, time: at(minute), latitude: 41.88 + minute * 0.004, longitude: -87.63, speed: 9, heading: 0 });
    stats.push({
      ...tenant,
      vehicleId: live[0].id,
      time: at(minute),
      engineRpm: 1500,
      fuelPercent: 80 - minute * 0.1,
      odometerMeters: 1e6 + minute * 500,
      engineSeconds: 3.6e6 + minute * 60,
      speed: 9,
      engineState: "On",
    });
  }
  // The engine goes off after the drive: the trip detector closes the trip (playback lists it).
  stats.push({ ...tenant, vehicleId: live[0].id, time: at(21), engineState: "Off" });
  for (const vehicle of live.slice(1))
    positions.push({ ...tenant, vehicleId: vehicle.id, time: at(20), latitude: 41.7, longitude: -87.7, speed: 0, heading: 90 });
  // A harsh brake at the tenth minute, and one before the range: playback draws the first only.
  const events = [at(10), at(-30)].map((time) => ({
    ...tenant,
    vehicleId: live[0].id,
    time,
    kind: "harshBraking" as const,
    peakG: 0.5,
    latitude: 41.92,
    longitude: -87.63,
    speed: 9,
  }));
  await ingestTelemetry({ db, batch: { positions, stats, events } });
  await db.insert(faultCodes).values({
    ...tenant,
    vehicleId: live[0].id,
    protocol: "obdii",
    dtcShortCode: "P0128",
    description: "Coolant thermostat",
    firstSeenAt: at(12),
    lastSeenAt: at(14),
  });
  await runTelemetryProcessors({ db, processors: [tripProcessor] });
  // The third vehicle's static driver drives the second one now: the second shows them, the third nobody.
  const [relief] = await db.select().from(drivers).where(eq(drivers.staticAssignedVehicleId, live[2].id));
  await createAssignment({
    db,
    ...tenant,
    input: { driverId: relief.id, vehicleId: live[1].id, startTime: at(10), endTime: null },
    source: "api",
    actor: operatorActor("tests"),
  });
  const { key } = await createTestApiKey({
    db,
    companyId: demoCompanyId,
    scopes: ["vehicles:read", "drivers:read", "hos:read", "assignments:read", "safety:read"],
  });
  return { demoCompanyId, live, tenant, key, relief };
};

let fixture: Awaited<ReturnType<typeof setup>>;
let inProcess: FleetSource;
let overHttp: FleetSource;

beforeAll(async () => {
  fixture = await setup();
  inProcess = createInProcessSource({ db: getDb(), ...fixture.tenant });
  overHttp = createHttpSource({ baseUrl: "http://upstream.test/", apiKey: fixture.key, fetchImpl: fetchFromThisApp });
});

beforeEach(async () => {
  await resetRateLimits(getDb());
});

const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe("the HTTP source against this app's /fleet handlers returns what the in-process source returns", () => {
  it("listVehicleOptions", async () => {
    const options = await overHttp.listVehicleOptions();
    expect(options).toHaveLength(fixture.live.length);
    expect(byId(options)).toEqual(byId(await inProcess.listVehicleOptions()));
  });

  it("getSnapshot (the cursors are each source's own)", async () => {
    const [http, local] = [await overHttp.getSnapshot(), await inProcess.getSnapshot()];
    expect(http.vehicles.filter((vehicle) => vehicle.location)).toHaveLength(fixture.live.length);
    expect(byId(http.vehicles)).toEqual(byId(local.vehicles));
  });

  it("who drives each vehicle now: the assignment, else the static driver unless they drive another vehicle", async () => {
    const [, second, third] = fixture.live.map((vehicle) => String(vehicle.id));
    for (const source of [overHttp, inProcess]) {
      const driverOf = new Map((await source.getSnapshot()).vehicles.map((vehicle) => [vehicle.id, vehicle.driverName]));
      expect([driverOf.get(second), driverOf.get(third)]).toEqual([fixture.relief.name, null]);
      const options = new Map((await source.listVehicleOptions()).map((option) => [option.id, option.driverName]));
      expect([options.get(second), options.get(third)]).toEqual([fixture.relief.name, null]);
      expect((await source.getVehicleDetails({ vehicleId: fixture.live[1].id })).driver).toEqual({ id: String(fixture.relief.id), name: fixture.relief.name });
      expect((await source.getVehicleDetails({ vehicleId: fixture.live[2].id })).driver).toBeNull();
    }
  });

  it("an upstream key without assignments:read shows the static drivers", async () => {
    const { key } = await createTestApiKey({ db: getDb(), companyId: fixture.demoCompanyId, scopes: ["vehicles:read", "drivers:read", "hos:read"] });
    const staticOnly = createHttpSource({ baseUrl: "http://upstream.test/", apiKey: key, fetchImpl: fetchFromThisApp });
    const driverOf = new Map((await staticOnly.getSnapshot()).vehicles.map((vehicle) => [vehicle.id, vehicle.driverName]));
    expect(driverOf.get(String(fixture.live[2].id))).toBe(fixture.relief.name);
    expect((await staticOnly.getVehicleDetails({ vehicleId: fixture.live[2].id })).driver?.name).toBe(fixture.relief.name);
  });

  it("getChanges from each source's snapshot cursors", async () => {
    const [httpSnapshot, localSnapshot] = [await overHttp.getSnapshot(), await inProcess.getSnapshot()];
    const moved = fixture.live[1];
    await ingestTelemetry({
      db: getDb(),
      batch: {
        positions: [{ ...fixture.tenant, vehicleId: moved.id, time: at(21), latitude: 41.71, longitude: -87.71, speed: 4, heading: 45 }],
        stats: [
          {
            ...fixture.tenant,
            vehicleId: moved.id,
            time: at(21),
            engineRpm: 900,
            fuelPercent: 55,
            odometerMeters: 2e6,
            engineSeconds: 1e6,
            speed: 4,
            engineState: "On",
          },
        ],
      },
    });
    const http = await overHttp.getChanges({ locationsAfter: httpSnapshot.locationsCursor, statsAfter: httpSnapshot.statsCursor });
    const local = await inProcess.getChanges({ locationsAfter: localSnapshot.locationsCursor, statsAfter: localSnapshot.statsCursor });
    expect(http.locations).toEqual([{ id: String(moved.id), location: expect.objectContaining({ latitude: 41.71, speed: 4 }) }]);
    expect(http.locations).toEqual(local.locations);
    expect(http.stats).toEqual(local.stats);
  });

  it("getVehicleDetails (driver, latest stats, active fault codes, HOS clocks, recent safety events)", async () => {
    const http = await overHttp.getVehicleDetails({ vehicleId: fixture.live[0].id });
    expect(http.activeFaultCodes.map((code) => code.code)).toEqual(["P0128"]);
    expect(http.driver).not.toBeNull();
    expect(http.hosClocks).not.toBeNull();
    expect(http.vehicle.location?.formattedLocation).toEqual(expect.any(String));
    // The panel's last 24 hours of safety events, newest first.
    expect(http.recentSafetyEvents.map((event) => event.time)).toEqual([at(10).toISOString(), at(-30).toISOString()]);
    expect(http).toEqual(await inProcess.getVehicleDetails({ vehicleId: fixture.live[0].id }));
  });

  it("getLocationHistory", async () => {
    const http = await overHttp.getLocationHistory({ vehicleId: fixture.live[0].id, range: RANGE });
    expect(http.points).toHaveLength(21);
    expect(http.trips).toEqual([expect.objectContaining({ startTime: at(0).toISOString(), endTime: at(21).toISOString() })]);
    expect(http.safetyEvents).toEqual([expect.objectContaining({ time: at(10).toISOString(), kind: "harshBraking", severity: "moderate", source: "device" })]);
    expect(http).toEqual(await inProcess.getLocationHistory({ vehicleId: fixture.live[0].id, range: RANGE }));
  });

  it("getStatsHistory", async () => {
    const http = await overHttp.getStatsHistory({ vehicleId: fixture.live[0].id, range: RANGE });
    expect(http.series.fuelPercent).toHaveLength(21);
    expect(http.faultCodes.map((code) => code.code)).toEqual(["P0128"]);
    expect(http).toEqual(await inProcess.getStatsHistory({ vehicleId: fixture.live[0].id, range: RANGE }));
  });

  it("a vehicle the key's company does not have is not_found from both", async () => {
    await expect(overHttp.getVehicleDetails({ vehicleId: 999_999 })).rejects.toMatchObject({ code: "not_found" });
    await expect(inProcess.getVehicleDetails({ vehicleId: 999_999 })).rejects.toMatchObject({ code: "not_found" });
  });

  it("went through the /fleet handlers, never the database directly", () => {
    expect(new Set(requested)).toContain("/fleet/vehicles/locations/feed");
    expect(requested.every((path) => path.startsWith("/fleet/") || path === "/trips/stream" || path === "/safety-events/stream")).toBe(true);
  });
});
