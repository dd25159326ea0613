import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as getAssets, POST as postAssets } from "@/app/api/v1/assets/route";
import { GET as getCurrentWithTimers } from "@/app/api/v1/assets/currentWithTimers/route";
import { GET as getDriversTimers } from "@/app/api/v1/assets/driversTimers/route";
import { GET as getGps } from "@/app/api/v1/assets/gps/route";
import { GET as getLocation } from "@/app/api/v1/assets/location/route";
import { GET as getAssetStates } from "@/app/api/v2/assets/route";
import { GET as getByAssetId } from "@/app/api/v2/assets/getByAssetId/[assetId]/route";
import { GET as getByVin } from "@/app/api/v2/assets/vin/[vin]/route";
import { auditEvents, drivers, hosLogs } from "@/db/schema";
import {
  legacyAssetPositionSchema,
  legacyAssetStateSchema,
  legacyAssetWithTimersSchema,
  legacyGpsPointSchema,
  legacyLocationPointSchema,
} from "@/lib/interfaces/legacy-api/schemas";
import { ingestTelemetry, type PositionReport } from "@/lib/telemetry/store";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { call, expectError, expectShape, issueToken } from "./legacy-client";
import { liveFleet } from "./legacy-fixtures";

const database = useTestDatabase();
type Fleet = Awaited<ReturnType<typeof liveFleet>>;
let demo: Fleet = [];
let other: Fleet = [];
let token = "";
let otherToken = "";
let companyIds = { demo: 0, other: 0 };
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);
// The HOS timers are computed from the clock when each request arrives: their log is anchored at the
// end of the setup (below), not at `now`, which is read before the database starts and the fleet is seeded.
let hosNow = 0;
const hosAgo = (minutes: number) => new Date(hosNow - minutes * 60_000);

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  companyIds = { demo: demoCompanyId, other: otherCompanyId };
  [demo, other] = [await liveFleet(db, demoCompanyId), await liveFleet(db, otherCompanyId)];
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  // Vehicles 0-3 report positions and CAN data, vehicle 4 positions only, vehicle 5 nothing yet.
  const positions: PositionReport[] = demo.slice(0, 5).flatMap((vehicle, v) =>
    [30, 20, 10].map((minutes, i) => ({
      ...tenant,
      vehicleId: vehicle.id,
      time: ago(minutes),
      latitude: Number((41.88 + v * 0.01 + i * 0.001).toFixed(6)),
      longitude: -87.63,
      speed: 10,
      heading: 90.4,
      hdop: 0.9,
      satellites: 11,
    })),
  );
  const stats = demo.slice(0, 4).map((vehicle) => ({
    ...tenant,
    vehicleId: vehicle.id,
    time: ago(10),
    engineRpm: 1450.6,
    fuelPercent: 62.5,
    odometerMeters: 123_456_700,
    engineSeconds: 36_000,
    speed: 10,
    engineState: "On" as const,
  }));
  await ingestTelemetry({ db, batch: { positions, stats } });
  token = await issueToken("demo-client-key");
  otherToken = await issueToken("other-client-key");
  // Vehicle 0's driver: off duty overnight, on duty 3 h ago, driving for the last 2.5 h (30 s of slack keeps the minutes
  // stable until the timer tests have run; on a slow machine the setup above alone can take longer than that).
  hosNow = Date.now();
  await db.insert(hosLogs).values([
    { ...tenant, driverId: demo[0].driverId!, status: "offDuty", startTime: hosAgo(20 * 60) },
    { ...tenant, driverId: demo[0].driverId!, status: "onDuty", startTime: new Date(hosAgo(180).getTime() + 30_000) },
    { ...tenant, driverId: demo[0].driverId!, status: "driving", startTime: new Date(hosAgo(150).getTime() + 30_000) },
  ]);
});

describe("GET/POST /api/v1/assets", () => {
  it("lists every located asset as 2.1, with name, plate, trailers and odometer only on request", async () => {
    const plain = await call(getAssets, "/api/v1/assets", { token });
    expect(plain.status).toBe(200);
    const records = expectShape(z.array(legacyAssetPositionSchema), plain.json);
    expect(records.map((r) => r.vin).sort()).toEqual(
      demo
        .slice(0, 5)
        .map((v) => v.vin)
        .sort(),
    );
    expect(Object.keys(records[0]).sort()).toEqual(["latitude", "longitude", "utcTimestamp", "vin"]);
    expect(records.find((r) => r.vin === demo[0].vin)).toMatchObject({ latitude: 41.882, longitude: -87.63, utcTimestamp: ago(10).toISOString() });
    const detailed = expectShape(z.array(legacyAssetPositionSchema), (await call(getAssets, "/api/v1/assets?additionalInfo=true", { token })).json);
    expect(detailed.find((r) => r.vin === demo[0].vin)).toMatchObject({ name: demo[0].name, odometer: 123_456.7, trailers: "" });
    expect(detailed.find((r) => r.vin === demo[4].vin)).toMatchObject({ odometer: 0 });
    expectError(await call(getAssets, "/api/v1/assets?additionalInfo=yes", { token }), 400);
  });

  it("POST returns only the requested VINs the company has", async () => {
    const body = [demo[1].vin, demo[2].vin, other[0].vin, "NOTAVIN"];
    const result = await call(postAssets, "/api/v1/assets?additionalInfo=True", { token, method: "POST", body });
    expect(result.status).toBe(200);
    const records = expectShape(z.array(legacyAssetPositionSchema), result.json);
    expect(records.map((r) => r.vin).sort()).toEqual([demo[1].vin, demo[2].vin].sort());
    expect(records[0].plateNumber).toEqual(expect.any(String));
    expect((await call(postAssets, "/api/v1/assets", { token, method: "POST", body: [] })).json).toEqual([]);
  });

  it("POST answers 400 for anything but a JSON array of VIN strings", async () => {
    for (const body of ["not json", {}, { vins: [demo[0].vin] }, [demo[0].vin, 42], [""], '"VIN"']) {
      expectError(await call(postAssets, "/api/v1/assets", { token, method: "POST", body }), 400);
    }
  });
});

describe("GET /api/v1/assets/driversTimers and /currentWithTimers", () => {
  it("returns 2.2 records with the driver's name split and HOS clocks from the engine", async () => {
    const result = await call(getDriversTimers, "/api/v1/assets/driversTimers", { token });
    expect(result.status).toBe(200);
    const records = expectShape(z.array(legacyAssetWithTimersSchema), result.json);
    expect(records).toHaveLength(5);
    const [firstName, ...lastNames] = demo[0].driverName!.split(" ");
    expect(records.find((r) => r.vin === demo[0].vin)).toMatchObject({
      driverName: firstName,
      driverSurname: lastNames.join(" "),
      statusAbbreviation: "D",
      statusDesctiption: "Driving",
      minsTillDriving: 11 * 60 - 150,
      minsTillShift: 14 * 60 - 180,
      minsTillBreak: 8 * 60 - 150,
      minsTillCycle: 70 * 60 - 180,
      hosUtcTimestamp: new Date(hosAgo(150).getTime() + 30_000).toISOString(),
      odometer: 123_456.7,
      ignition: true,
      engineHH: 10,
      fuel: 62.5,
      rpm: 1451,
    });
    // A driver without any log is off duty with every clock full.
    expect(records.find((r) => r.vin === demo[1].vin)).toMatchObject({
      statusAbbreviation: "OFF",
      statusDesctiption: "Off Duty",
      minsTillDriving: 660,
      minsTillShift: 840,
      minsTillBreak: 480,
    });
    expect(records.find((r) => r.vin === demo[4].vin)).toMatchObject({ ignition: false, rpm: 0, fuel: 0 });
  });

  it("serves the same data under /currentWithTimers", async () => {
    const timers = await call(getDriversTimers, "/api/v1/assets/driversTimers", { token });
    const current = await call(getCurrentWithTimers, "/api/v1/assets/currentWithTimers", { token });
    const stable = (records: { vin: string; hosUtcTimestamp: string }[]) => records.map(({ vin }) => vin).sort();
    expect(stable(current.json)).toEqual(stable(timers.json));
    expectShape(z.array(legacyAssetWithTimersSchema), current.json);
  });

  it("uses the 60/7 cycle for a driver on that ruleset", async () => {
    const { db } = database();
    const { eq } = await import("drizzle-orm");
    await db.update(drivers).set({ hosRuleset: "us60_7" }).where(eq(drivers.id, demo[0].driverId!));
    const records = (await call(getDriversTimers, "/api/v1/assets/driversTimers", { token })).json;
    expect(records.find((r: { vin: string }) => r.vin === demo[0].vin).minsTillCycle).toBe(60 * 60 - 180);
    await db.update(drivers).set({ hosRuleset: "us70_8" }).where(eq(drivers.id, demo[0].driverId!));
  });
});

describe("GET /api/v1/assets/location and /gps", () => {
  const range = `from=${ago(60).toISOString()}&to=${new Date(now + 60_000).toISOString()}`;

  it("answers 400 for a missing, reversed or over-35-day range, 404 for a VIN the company lacks", async () => {
    for (const query of [
      `vin=${demo[3].vin}`,
      `vin=${demo[3].vin}&from=${ago(10).toISOString()}&to=${ago(20).toISOString()}`,
      `vin=${demo[3].vin}&from=2026-01-01T00:00:00Z&to=2026-02-06T00:00:00Z`,
      `vin=${demo[3].vin}&from=yesterday&to=today`,
      range,
    ]) {
      expectError(await call(getLocation, `/api/v1/assets/location?${query}`, { token }), 400);
    }
    expectError(await call(getLocation, `/api/v1/assets/location?vin=${other[0].vin}&${range}`, { token }), 404);
    expectError(await call(getGps, `/api/v1/assets/gps?vin=NOPE&${range}`, { token }), 404);
  });

  it("returns the breadcrumb (2.3), then 429 with Retry-After on a second call within the minute", async () => {
    const sent = Date.now();
    const first = await call(getLocation, `/api/v1/assets/location?vin=${demo[0].vin}&${range}`, { token });
    expect(first.status).toBe(200);
    const points = expectShape(z.array(legacyLocationPointSchema), first.json);
    expect(points.map((p) => p.utcTimestamp)).toEqual([ago(30), ago(20), ago(10)].map((d) => d.toISOString()));
    expect(points[2]).toMatchObject({ latitude: 41.882, longitude: -87.63 });
    const second = await call(getLocation, `/api/v1/assets/location?vin=${demo[0].vin}&${range}`, { token });
    expectError(second, 429);
    // A minute less the time between the two calls (the bucket refilled only that long), which a loaded machine can
    // stretch to seconds; one more second of slack for the database's clock.
    expect(Number(second.headers.get("Retry-After"))).toBeGreaterThanOrEqual(59 - (Date.now() - sent) / 1000);
    // The limit is per asset and per endpoint.
    expect((await call(getLocation, `/api/v1/assets/location?vin=${demo[1].vin}&${range}`, { token })).status).toBe(200);
  });

  it("returns GPS points (2.4) in legacy units: km/h, meters, whole degrees", async () => {
    const result = await call(getGps, `/api/v1/assets/gps?vin=${demo[0].vin}&${range}`, { token });
    expect(result.status).toBe(200);
    const points = expectShape(z.array(legacyGpsPointSchema), result.json);
    expect(points).toHaveLength(3);
    expect(points[2]).toMatchObject({ speed: 36, direction: 90, hdop: 0.9, satellites: 11, utcTimestamp: ago(10).toISOString() });
    // 0.001 degree of latitude between fixes is about 111 m.
    expect(points[2].distance).toBeGreaterThan(100);
    expect(points[2].distance).toBeLessThan(120);
    expectError(await call(getGps, `/api/v1/assets/gps?vin=${demo[0].vin}&${range}`, { token }), 429);
  });
});

describe("GET /api/v2/assets", () => {
  it("returns every asset as 2.5, with gps and can null where that telemetry is missing", async () => {
    const result = await call(getAssetStates, "/api/v2/assets", { token });
    expect(result.status).toBe(200);
    const states = expectShape(z.array(legacyAssetStateSchema), result.json);
    expect(states.map((s) => s.assetId)).toEqual(demo.map((v) => v.id));
    // Each asset names its own assigned driver.
    expect(states.map((s) => s.driverId)).toEqual(demo.map((v) => String(v.driverId)));
    const [full, , , , gpsOnly, silent] = states;
    expect(full).toMatchObject({
      vin: demo[0].vin,
      driverId: String(demo[0].driverId),
      currentLocation: { latitude: 41.882, longitude: -87.63 },
      type: { id: expect.any(Number), name: expect.any(String) },
      gps: { latitude: 41.882, speed: 36, direction: 90, satellites: 11 },
      can: { totalDistance: 123_456.7, rpm: 1451, fuelTank1: 62.5, engineHours: 10, vehicleSpeed: 36 },
    });
    expect(full.gps!.newDistance).toBeGreaterThan(100);
    expect(full.address).toMatch(/Chicago|,/);
    expect(gpsOnly.can).toBeNull();
    expect(gpsOnly.gps).not.toBeNull();
    expect(silent).toMatchObject({ gps: null, can: null, currentLocation: null, address: "" });
  });

  it("filters by repeated vin", async () => {
    const result = await call(getAssetStates, `/api/v2/assets?vin=${demo[1].vin}&vin=${demo[5].vin}&vin=${other[0].vin}`, { token });
    expect(result.json.map((s: { vin: string }) => s.vin)).toEqual([demo[1].vin, demo[5].vin]);
  });

  it("finds one asset by VIN or by id, 404 when it is not the company's, 400 for a non-integer id", async () => {
    const byVin = await call(getByVin, `/api/v2/assets/vin/${demo[2].vin}`, { token, params: { vin: demo[2].vin } });
    expect(byVin.status).toBe(200);
    expect(expectShape(legacyAssetStateSchema, byVin.json).assetId).toBe(demo[2].id);
    const byId = await call(getByAssetId, `/api/v2/assets/getByAssetId/${demo[2].id}`, { token, params: { assetId: String(demo[2].id) } });
    expect(byId.json).toEqual(byVin.json);
    expectError(await call(getByVin, `/api/v2/assets/vin/${other[0].vin}`, { token, params: { vin: other[0].vin } }), 404);
    expectError(await call(getByAssetId, `/api/v2/assets/getByAssetId/${other[0].id}`, { token, params: { assetId: String(other[0].id) } }), 404);
    for (const assetId of ["abc", "1.5", "-3", "99999999999"]) {
      expectError(await call(getByAssetId, `/api/v2/assets/getByAssetId/${assetId}`, { token, params: { assetId } }), 400);
    }
  });
});

describe("tenant isolation", () => {
  it("shows Other Fleet's token nothing of Demo Fleet's assets", async () => {
    const states = (await call(getAssetStates, "/api/v2/assets", { token: otherToken })).json as { vin: string }[];
    expect(states.map((s) => s.vin).sort()).toEqual(other.map((v) => v.vin).sort());
    expect((await call(getAssets, "/api/v1/assets", { token: otherToken })).json).toEqual([]);
    expect((await call(postAssets, "/api/v1/assets", { token: otherToken, method: "POST", body: demo.map((v) => v.vin) })).json).toEqual([]);
    expect((await call(getDriversTimers, "/api/v1/assets/driversTimers", { token: otherToken })).json).toEqual([]);
    expectError(await call(getByVin, `/api/v2/assets/vin/${demo[0].vin}`, { token: otherToken, params: { vin: demo[0].vin } }), 404);
    expectError(await call(getByAssetId, `/api/v2/assets/getByAssetId/${demo[0].id}`, { token: otherToken, params: { assetId: String(demo[0].id) } }), 404);
    expectError(
      await call(getLocation, `/api/v1/assets/location?vin=${demo[0].vin}&from=${ago(60).toISOString()}&to=${ago(1).toISOString()}`, { token: otherToken }),
      404,
    );
  });

  it("answers an assetId of another company as one that exists nowhere, and records it in the owner's log only", async () => {
    const { eq } = await import("drizzle-orm");
    const missing = String(Math.max(...demo.map((v) => v.id), ...other.map((v) => v.id)) + 100_000);
    const answer = async (assetId: string) => {
      const { status, json } = await call(getByAssetId, `/api/v2/assets/getByAssetId/${assetId}`, { token: otherToken, params: { assetId } });
      return JSON.stringify({ status, message: json.message.replace(assetId, "ID") });
    };
    const miss = await answer(missing);
    expect(await answer(String(demo[3].id))).toBe(miss);
    expect(await answer(String(demo[3].id))).toBe(miss);
    const rows = await database().db.select().from(auditEvents).where(eq(auditEvents.action, "vehicle.foreign_lookup"));
    expect(rows.filter((row) => row.targetId === String(demo[3].id)).map((row) => [row.companyId, row.repeatCount, row.actorId, row.actorIp])).toEqual([
      [companyIds.demo, 2, null, null],
    ]);
    expect(rows.some((row) => row.targetId === missing)).toBe(false);
  });
});
