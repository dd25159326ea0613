import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, vehicles, webhookDeliveries, webhooks } from "@/db/schema";
import * as vehiclesRoute from "@/app/fleet/vehicles/route";
import * as vehicleRoute from "@/app/fleet/vehicles/[id]/route";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import * as historyRoute from "@/app/fleet/vehicles/locations/history/route";
import * as driversRoute from "@/app/fleet/drivers/route";
import * as tagsRoute from "@/app/tags/route";
import * as tagRoute from "@/app/tags/[id]/route";
import { operatorActor } from "@/lib/platform/audit";
import { makeVin } from "@/lib/runtime/seed/vin";
import { setVehicleArchived } from "@/lib/fleet/vehicles/save-vehicle";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

type Ref = { id: string; name: string };
type Tag = Ref & { parentTagId?: string; parentTag?: Ref; vehicles: Ref[]; drivers: Ref[] };

const patchVehicle = (id: number, body: unknown, key = fixture.demo.key) =>
  callFleet(vehicleRoute.PATCH, `/fleet/vehicles/${id}`, { key, method: "PATCH", body, params: { id: String(id) } });
const createTag = async (body: Record<string, unknown>) => {
  const response = await callFleet(tagsRoute.POST, "/tags", { key: fixture.demo.key, method: "POST", body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Tag;
};
const tagCall = (method: "GET" | "PATCH" | "PUT" | "DELETE", id: string, body?: unknown) =>
  callFleet(tagRoute[method], `/tags/${id}`, { key: fixture.demo.key, method, body, params: { id } });
const listIds = async (path: string, handler = vehiclesRoute.GET) => {
  const response = await callFleet(handler, path, { key: fixture.demo.key });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data as Ref[]).map((record) => Number(record.id));
};

describe("PATCH /fleet/vehicles/{id}", () => {
  it("changes the given fields, answers Samsara's vehicle, audits and raises VehicleUpdated", async () => {
    const { db } = database();
    const tenant = { companyId: fixture.demo.companyId, dataset: "live" as const };
    await db.insert(webhooks).values({
      ...tenant,
      name: "Vehicle listener",
      url: "https://vehicles.example.invalid/",
      secretKey: "c2VjcmV0",
      version: "2024-02-27",
      eventTypes: ["VehicleUpdated"],
    });
    const id = fixture.demo.vehicleIds[2];
    const vin = makeVin({ wmi: "1XK", seed: 8_100_001, year: 2023 });
    const response = await patchVehicle(id, {
      name: "Truck 42",
      licensePlate: "IL 42",
      vin: vin.toLowerCase(),
      year: "2023",
      externalIds: { erp: "T-42" },
      tagIds: [String(fixture.demo.tagIds[5])],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      id: String(id),
      name: "Truck 42",
      licensePlate: "IL 42",
      vin,
      year: "2023",
      externalIds: { erp: "T-42" },
      tags: [{ id: String(fixture.demo.tagIds[5]), name: "Fixture tag 5" }],
    });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), eq(auditEvents.action, "vehicle.updated"), eq(auditEvents.targetId, String(id))));
    expect(event.actorType).toBe("api_key");
    expect(event.changes.name.after).toBe("Truck 42");
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, tenant.companyId), eq(webhookDeliveries.orderingKey, `vehicle:${id}`)));
    expect(deliveries.map((delivery) => delivery.eventType)).toContain("VehicleUpdated");
  });

  it.each([
    [{ vin: "1M8GDM9A1KP042788" }, '"vin"', "check digit"],
    [{ vin: "ABC" }, '"vin"', "17 characters"],
    [{ year: 1800 }, '"year"', ""],
    [{ vehicleType: "Spaceship" }, '"vehicleType"', ""],
    [{ odometerMeters: 10.5 }, '"odometerMeters"', ""],
    [{ tagIds: ["999999"] }, '"tagIds"', "no tag with id 999999"],
  ])("400 naming the field for %j", async (body, field, reason) => {
    const response = await patchVehicle(fixture.demo.vehicleIds[3], body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
    expect(response.body.message).toContain(reason);
  });

  it("odometerMeters and engineHours set the readings the stats answer at once, audited; attributes and fields not kept are a 400 naming them", async () => {
    const { db } = database();
    const id = fixture.demo.vehicleIds[4];
    const response = await patchVehicle(id, { odometerMeters: 123_456_789, engineHours: 1234.5, notes: "odometer set" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ id: String(id), notes: "odometer set" });
    expect(response.body.data).not.toHaveProperty("odometerMeters");
    const readings = async () =>
      (await callFleet(statsRoute.GET, `/fleet/vehicles/stats?types=obdOdometerMeters,obdEngineSeconds&vehicleIds=${id}`, { key: fixture.demo.key })).body
        .data[0];
    expect(await readings()).toMatchObject({ obdOdometerMeters: { value: 123_456_789 }, obdEngineSeconds: { value: 4_444_200 } });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, String(id)), eq(auditEvents.action, "vehicle.updated")))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit.changes).toMatchObject({ odometerMeters: { after: 123_456_789 }, engineSeconds: { after: 4_444_200 } });
    // Samsara's engineHours 0 unsets its override: here it writes nothing, the last reading stays.
    expect((await patchVehicle(id, { engineHours: 0 })).status).toBe(200);
    expect(await readings()).toMatchObject({ obdEngineSeconds: { value: 4_444_200 } });
    for (const body of [
      { odometerMeters: -1 },
      { odometerMeters: "12" },
      { attributes: [{ name: "Color", stringValues: ["red"] }] },
      { gatewaySerial: "GFRV-43N-VGX" },
    ]) {
      const refused = await patchVehicle(id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(Object.keys(body)[0]);
    }
  });

  it("409 naming the VIN another vehicle of the dataset has; the sandbox may share it", async () => {
    const [taken] = await database()
      .db.select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, fixture.demo.companyId), eq(vehicles.id, fixture.demo.vehicleIds[0])));
    const response = await patchVehicle(fixture.demo.vehicleIds[4], { vin: taken.vin });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(taken.vin);
    expect((await patchVehicle(fixture.sandbox.vehicleIds[0], { vin: taken.vin }, fixture.sandbox.key)).status).toBe(200);
  });

  it("a tag of another company or dataset is not one of ours: 400", async () => {
    expect((await patchVehicle(fixture.demo.vehicleIds[3], { tagIds: [String(fixture.other.tagIds[0])] })).status).toBe(400);
    expect((await patchVehicle(fixture.demo.vehicleIds[3], { tagIds: [String(fixture.sandbox.tagIds[0])] })).status).toBe(400);
  });
});

describe("/tags", () => {
  it("creates a tree, lists members, patches, replaces and deletes as Samsara does", async () => {
    const region = await createTag({ name: "Region", externalIds: { erp: "R1" } });
    const depot = await createTag({
      name: "Depot",
      parentTagId: region.id,
      vehicles: [String(fixture.demo.vehicleIds[0])],
      drivers: [String(fixture.demo.driverIds[0])],
    });
    expect(depot).toMatchObject({
      parentTagId: region.id,
      parentTag: { id: region.id, name: "Region" },
      vehicles: [{ id: String(fixture.demo.vehicleIds[0]) }],
      drivers: [{ id: String(fixture.demo.driverIds[0]) }],
    });

    const patched = await tagCall("PATCH", depot.id, { name: "Depot North" });
    expect(patched.body.data).toMatchObject({ name: "Depot North", parentTagId: region.id, vehicles: [{ id: String(fixture.demo.vehicleIds[0]) }] });

    const replaced = await tagCall("PUT", depot.id, { vehicles: [String(fixture.demo.vehicleIds[1])] });
    expect(replaced.body.data).toMatchObject({ name: "Depot North", vehicles: [{ id: String(fixture.demo.vehicleIds[1]) }], drivers: [] });
    expect(replaced.body.data.parentTagId).toBeUndefined();

    expect((await tagCall("DELETE", depot.id)).status).toBe(204);
    expect((await tagCall("GET", depot.id)).status).toBe(404);
    const actions = await database()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, fixture.demo.companyId), eq(auditEvents.targetId, depot.id)));
    expect(actions.map((row) => row.action)).toEqual(["tag.created", "tag.updated", "tag.updated", "tag.deleted"]);
  });

  it("refuses a parent that would make a cycle, or that is not ours, with a 400 naming parentTagId", async () => {
    const top = await createTag({ name: "Top" });
    const middle = await createTag({ name: "Middle", parentTagId: top.id });
    const bottom = await createTag({ name: "Bottom", parentTagId: middle.id });
    for (const [id, parentTagId] of [
      [top.id, bottom.id],
      [top.id, top.id],
      [middle.id, String(fixture.other.tagIds[0])],
    ]) {
      const response = await tagCall("PATCH", id, { parentTagId });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('"parentTagId"');
    }
    expect((await tagCall("GET", top.id)).body.data.parentTagId).toBeUndefined();
  });

  it("400 for members of another company, and for kinds of members this service does not keep", async () => {
    for (const body of [
      { name: "X", vehicles: [String(fixture.other.vehicleIds[0])] },
      { name: "X", drivers: [String(fixture.sandbox.driverIds[0])] },
      { name: "X", sensors: ["12"] },
      { name: "X", colour: "red" },
    ]) {
      const response = await callFleet(tagsRoute.POST, "/tags", { key: fixture.demo.key, method: "POST", body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("deleting a parent moves its children up to the parent's parent", async () => {
    const a = await createTag({ name: "A" });
    const b = await createTag({ name: "B", parentTagId: a.id });
    const c = await createTag({ name: "C", parentTagId: b.id });
    await tagCall("DELETE", b.id);
    expect((await tagCall("GET", c.id)).body.data.parentTagId).toBe(a.id);
  });
});

describe("tag filters on /fleet/vehicles and /fleet/drivers", () => {
  it("tagIds and parentTagIds each match the tag with its whole subtree", async () => {
    const [v0, v1, v2] = fixture.demo.vehicleIds;
    const root = await createTag({ name: "Filter root", vehicles: [String(v0)] });
    const child = await createTag({ name: "Filter child", parentTagId: root.id, vehicles: [String(v1)] });
    await createTag({ name: "Filter grandchild", parentTagId: child.id, vehicles: [String(v2)], drivers: [String(fixture.demo.driverIds[2])] });
    expect(await listIds(`/fleet/vehicles?tagIds=${root.id}`)).toEqual([v0, v1, v2]);
    expect(await listIds(`/fleet/vehicles?tagIds=${child.id}`)).toEqual([v1, v2]);
    expect(await listIds(`/fleet/vehicles?parentTagIds=${root.id}`)).toEqual([v0, v1, v2]);
    expect(await listIds(`/fleet/vehicles?parentTagIds=${child.id}&tagIds=${root.id}`)).toEqual([v0, v1, v2]);
    expect(await listIds(`/fleet/drivers?parentTagIds=${root.id}`, driversRoute.GET)).toEqual([fixture.demo.driverIds[2]]);
    expect(await listIds(`/fleet/drivers?tagIds=${fixture.demo.tagIds[0]}`, driversRoute.GET)).toEqual(fixture.demo.driverIds.slice(0, 2));
    // Another company's tag matches nothing rather than leaking its vehicles.
    expect(await listIds(`/fleet/vehicles?tagIds=${fixture.other.tagIds[0]}`)).toEqual([]);
  });

  it("a vehicle's tags come with it", async () => {
    const response = await callFleet(vehicleRoute.GET, `/fleet/vehicles/${fixture.demo.vehicleIds[0]}`, {
      key: fixture.demo.key,
      params: { id: String(fixture.demo.vehicleIds[0]) },
    });
    expect((response.body.data.tags as Ref[]).map((tag) => tag.name)).toContain("Fixture tag 0");
  });
});

describe("archived vehicles", () => {
  it("leave the lists and snapshots; their record and history stay reachable by id; restoring brings them back", async () => {
    const { db } = database();
    const id = fixture.demo.vehicleIds[5];
    const tenant = { companyId: fixture.demo.companyId, dataset: "live" as const };
    await setVehicleArchived({ db, ...tenant, vehicleId: id, archived: true, actor: operatorActor("tests") });

    expect(await listIds("/fleet/vehicles")).not.toContain(id);
    expect(await listIds("/fleet/vehicles/locations", locationsRoute.GET)).not.toContain(id);
    const one = await callFleet(vehicleRoute.GET, `/fleet/vehicles/${id}`, { key: fixture.demo.key, params: { id: String(id) } });
    expect(one.status).toBe(200);
    expect(one.body.data.archivedAtTime).toMatch(/Z$/);
    const end = new Date(fixture.now.getTime() + 60_000);
    const range = `startTime=${new Date(end.getTime() - 3_600_000 * 2).toISOString()}&endTime=${end.toISOString()}`;
    const history = await callFleet(historyRoute.GET, `/fleet/vehicles/locations/history?vehicleIds=${id}&${range}`, { key: fixture.demo.key });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0].locations.length).toBeGreaterThan(0);

    await setVehicleArchived({ db, ...tenant, vehicleId: id, archived: false, actor: operatorActor("tests") });
    expect(await listIds("/fleet/vehicles")).toContain(id);
    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), eq(auditEvents.targetId, String(id))));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(["vehicle.archived", "vehicle.unarchived"]));
  });
});
