import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { authenticateApiKey, API_KEY_CACHE_TTL_MS } from "@/lib/access/api-keys/authenticate-api-key";
import { FLEET_ENDPOINTS } from "@/lib/interfaces/fleet-api/endpoints";
import { FLEET_RESPONSES } from "@/lib/interfaces/fleet-api/response-schemas";
import { isIpAllowed } from "@/lib/access/api-keys/ip-allowlist";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as driverByIdRoute from "@/app/fleet/drivers/[id]/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import * as hosLogsRoute from "@/app/fleet/hos/logs/route";
import * as hosDailyLogsRoute from "@/app/fleet/hos/daily-logs/route";
import * as openApiRoute from "@/app/openapi.json/route";
import { createTestApiKey } from "../../helpers/api-keys";
import { HOUR_MS, setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";
import { FLEET_ROUTES } from "./routes";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

describe("drivers", () => {
  const post = (body: unknown, key = fixture.demo.key) => callFleet(driversRoute.POST, "/fleet/drivers", { key, method: "POST", body });

  it("POST creates a driver (201) assigned to a vehicle; GET returns it", async () => {
    const vehicle = String(fixture.demo.vehicleIds[3]);
    const created = await post({
      name: "Ana Ruiz",
      username: "ana.ruiz",
      timezone: "America/Denver",
      staticAssignedVehicleId: vehicle,
      externalIds: { payroll: "77" },
    });
    expect(created.status).toBe(201);
    FLEET_RESPONSES.driver.parse(created.body);
    expect(created.body.data).toMatchObject({
      name: "Ana Ruiz",
      driverActivationStatus: "active",
      staticAssignedVehicle: { id: vehicle },
      externalIds: { payroll: "77" },
    });
    const read = await callFleet(driverByIdRoute.GET, "/fleet/drivers/x", { key: fixture.demo.key, params: { id: created.body.data.id } });
    expect(read.body).toEqual(created.body);
  });

  it("400 naming the field for bad JSON, missing or invalid fields, unknown fields and a foreign vehicle", async () => {
    const bad = await callFleet(driversRoute.POST, "/fleet/drivers", { key: fixture.demo.key, method: "POST", rawBody: "{nope" });
    expect(bad.status).toBe(400);
    const cases: [unknown, string][] = [
      [{ name: "No Username" }, "username"],
      [{ name: "X", username: "x.tz", timezone: "Mars/Base" }, "timezone"],
      [{ name: "X", username: "x.flag", eldExempt: "yes" }, "eldExempt"],
      [{ name: "X", username: "x.extra", salary: 1 }, "salary"],
      [{ name: "X", username: "x.veh", staticAssignedVehicleId: String(fixture.other.vehicleIds[0]) }, "staticAssignedVehicleId"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, field).toBe(400);
      expect(response.body.message).toContain(field);
    }
  });

  it("409 for a username taken in the same company and dataset; the sandbox may reuse it", async () => {
    expect((await post({ name: "One", username: "dup.name" })).status).toBe(201);
    expect((await post({ name: "Two", username: "dup.name" })).status).toBe(409);
    expect((await post({ name: "Two", username: "dup.name" }, fixture.sandbox.key)).status).toBe(201);
    const other = await post({ name: "Three", username: "dup.other" });
    const patch = await callFleet(driverByIdRoute.PATCH, "/fleet/drivers/x", {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id: other.body.data.id },
      body: { username: "dup.name" },
    });
    expect(patch.status).toBe(409);
  });

  it("PATCH changes only the given fields; deactivated drivers leave the default list", async () => {
    const id = String(fixture.demo.driverIds[2]);
    const before = await callFleet(driverByIdRoute.GET, "/fleet/drivers/x", { key: fixture.demo.key, params: { id } });
    const patched = await callFleet(driverByIdRoute.PATCH, "/fleet/drivers/x", {
      key: fixture.demo.key,
      method: "PATCH",
      params: { id },
      body: { driverActivationStatus: "deactivated", phone: "+13125550000" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      ...before.body.data,
      driverActivationStatus: "deactivated",
      phone: "+13125550000",
      updatedAtTime: expect.any(String),
    });
    const active = await callFleet(driversRoute.GET, "/fleet/drivers?limit=512", { key: fixture.demo.key });
    expect(active.body.data.map((d: { id: string }) => d.id)).not.toContain(id);
    const deactivated = await callFleet(driversRoute.GET, "/fleet/drivers?driverActivationStatus=deactivated", { key: fixture.demo.key });
    expect(deactivated.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
  });
});

describe("hours of service", () => {
  it("clocks reflect the fixture driver's 10 hours of driving; logs and daily logs list the entries", async () => {
    const driverId = String(fixture.demo.driverIds[0]);
    const clocks = await callFleet(hosClocksRoute.GET, `/fleet/hos/clocks?driverIds=${driverId}`, { key: fixture.demo.key });
    FLEET_RESPONSES.hosClocks.parse(clocks.body);
    const [clock] = clocks.body.data;
    expect(clock.currentDutyStatus.hosStatusType).toBe("offDuty");
    expect(clock.clocks.drive.driveRemainingDurationMs).toBe(HOUR_MS);
    expect(clock.currentVehicle.id).toBe(String(fixture.demo.vehicleIds[0]));
    const logs = await callFleet(hosLogsRoute.GET, `/fleet/hos/logs?driverIds=${driverId}`, { key: fixture.demo.key });
    expect(logs.body.data[0].hosLogs.map((l: { hosStatusType: string }) => l.hosStatusType)).toEqual(["onDuty", "driving", "offDuty"]);
    const daily = await callFleet(hosDailyLogsRoute.GET, `/fleet/hos/daily-logs?driverIds=${driverId}`, { key: fixture.demo.key });
    FLEET_RESPONSES.hosDailyLogs.parse(daily.body);
    const driven = daily.body.data.reduce(
      (total: number, day: { dutyStatusDurations: { driveDurationMs: number } }) => total + day.dutyStatusDurations.driveDurationMs,
      0,
    );
    expect(driven).toBe(10 * HOUR_MS);
  });
});

describe("API key verification", () => {
  it("caches a key at most 5 s: a revocation takes effect once the entry is older", async () => {
    const { db } = database();
    const { key, id } = await createTestApiKey({ db, companyId: fixture.demo.companyId });
    const now = Date.now();
    await authenticateApiKey({ db, key, environment: "live", now });
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date(now - 1) })
      .where(sql`id = ${id}`);
    await expect(authenticateApiKey({ db, key, environment: "live", now: now + API_KEY_CACHE_TTL_MS + 1 })).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses a revoked key even when the database's clock, which stamped the revocation, runs ahead of the app's", async () => {
    const { db } = database();
    const { key, id } = await createTestApiKey({ db, companyId: fixture.demo.companyId });
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date(Date.now() + 60_000) })
      .where(sql`id = ${id}`);
    await expect(authenticateApiKey({ db, key, environment: "live" })).rejects.toMatchObject({
      code: "unauthorized",
      message: "This API key has been revoked.",
    });
  });

  it("records last use at most once a minute", async () => {
    const { db } = database();
    const { key, id } = await createTestApiKey({ db, companyId: fixture.demo.companyId });
    const lastUsed = async () =>
      (
        await db
          .select({ at: apiKeys.lastUsedAt })
          .from(apiKeys)
          .where(sql`id = ${id}`)
      )[0].at;
    await authenticateApiKey({ db, key, environment: "live" });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await authenticateApiKey({ db, key, environment: "live" });
    expect(await lastUsed()).toEqual(first);
  });

  it("matches allowlists of IPv4, IPv6 and IPv4-mapped IPv6 entries, and refuses an unknown address", () => {
    expect(isIpAllowed("10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(isIpAllowed("10.1.2.3", ["::ffff:10.0.0.0/104"])).toBe(true);
    expect(isIpAllowed("::ffff:10.1.2.3", ["10.1.2.3"])).toBe(true);
    expect(isIpAllowed("11.1.2.3", ["10.0.0.0/8", "2001:db8::/32"])).toBe(false);
    expect(isIpAllowed(null, ["10.0.0.0/8"])).toBe(false);
    expect(isIpAllowed(null, [])).toBe(true);
  });
});

describe("GET /openapi.json", () => {
  it("documents every /fleet route with its error responses, from the handlers' schemas", async () => {
    const document = await (await openApiRoute.GET(new Request("http://localhost/openapi.json"))).json();
    expect(document.openapi).toBe("3.1.0");
    const paths = Object.keys(document.paths);
    for (const route of FLEET_ROUTES) {
      const [method, path] = route.name.split(" ");
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, route.name).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["400", "401", "403", "429"]));
    }
    // Every documented /fleet path is a defined endpoint's, and every defined one is documented.
    const defined = [...new Set(FLEET_ENDPOINTS.map((endpoint) => endpoint.path).filter((path) => path.startsWith("/fleet/")))];
    expect(paths.filter((path) => path.startsWith("/fleet/")).sort()).toEqual(defined.sort());
    expect(document.components.schemas.Error.required).toEqual(["message", "requestId"]);
  });
});
