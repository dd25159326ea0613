import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as assignmentsRoute from "@/app/fleet/driver-vehicle-assignments/route";
import * as hosClocksRoute from "@/app/fleet/hos/clocks/route";
import { auditEvents, hosLogs } from "@/db/schema";
import { assignFromNow, endAssignment, findDriverForVehicle, findRecentAssignments, findVehicleForDriver } from "@/lib/fleet/assignments";
import { operatorActor } from "@/lib/platform/audit";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

const PATH = "/fleet/driver-vehicle-assignments";
const at = (hour: number) => new Date(Date.UTC(2025, 5, 2, hour)).toISOString();
const call = (method: string, body?: unknown, key = fixture.demo.key) => callFleet(assignmentsRoute[method as "POST"], PATH, { key, method, body });
const list = (query: string, key = fixture.demo.key) => callFleet(assignmentsRoute.GET, `${PATH}?${query}`, { key });

describe("POST /fleet/driver-vehicle-assignments: the history has no overlaps", () => {
  it("refuses an overlap on the same vehicle or the same driver with a 409 naming it; back-to-back is fine", async () => {
    const [, d1, d2] = fixture.demo.driverIds;
    const [, v1, v2] = fixture.demo.vehicleIds;
    const first = await call("POST", { driverId: String(d1), vehicleId: String(v1), startTime: at(10), endTime: at(12), metadata: { sourceName: "Dispatch" } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      driver: { id: String(d1) },
      vehicle: { id: String(v1) },
      startTime: at(10),
      endTime: at(12),
      assignmentType: "external",
      metadata: { sourceName: "Dispatch" },
    });
    expect(first.body.data.message).toMatch(/created/);

    const sameVehicle = await call("POST", { driverId: String(d2), vehicleId: String(v1), startTime: at(11), endTime: at(13) });
    expect(sameVehicle.status).toBe(409);
    expect(sameVehicle.body.message).toBe(`Vehicle ${v1} is already assigned to driver ${d1} from ${at(10)} to ${at(12)}.`);
    const sameDriver = await call("POST", { driverId: String(d1), vehicleId: String(v2), startTime: at(9) });
    expect(sameDriver.status).toBe(409);
    expect(sameDriver.body.message).toContain(`Driver ${d1} is already assigned to vehicle ${v1}`);

    expect((await call("POST", { driverId: String(d2), vehicleId: String(v1), startTime: at(12), endTime: at(14) })).status).toBe(200);
    // A passenger rides along in an occupied vehicle, but is still one person in one place.
    expect((await call("POST", { driverId: d2 + 0, vehicleId: v2, startTime: at(15), endTime: at(16), isPassenger: true })).status).toBe(200);
  });

  it("refuses an end before the start (400 naming endTime), unknown fields, and leaves nothing behind", async () => {
    const [, , , d3] = fixture.demo.driverIds;
    const [, , , v3] = fixture.demo.vehicleIds;
    const backwards = await call("POST", { driverId: String(d3), vehicleId: String(v3), startTime: at(12), endTime: at(11) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('"endTime"');
    expect((await call("POST", { driverId: String(d3), vehicleId: String(v3), startTime: "yesterday" })).body.message).toContain('"startTime"');
    expect((await call("POST", { driverId: String(d3), vehicleId: String(v3), driver: "x" })).status).toBe(400);
    expect((await list(`filterBy=drivers&driverIds=${d3}&startTime=${at(0)}&endTime=${at(23)}`)).body.data).toEqual([]);
  });

  it("answers 404 for another company's or the sandbox's driver or vehicle", async () => {
    const [, d1] = fixture.demo.driverIds;
    const [, v1] = fixture.demo.vehicleIds;
    expect((await call("POST", { driverId: String(d1), vehicleId: String(fixture.other.vehicleIds[1]), startTime: at(20) })).status).toBe(404);
    expect((await call("POST", { driverId: String(fixture.sandbox.driverIds[1]), vehicleId: String(v1), startTime: at(20) })).status).toBe(404);
    expect((await call("DELETE", { vehicleId: String(fixture.other.vehicleIds[1]) })).status).toBe(404);
    expect(
      (
        await call("PATCH", {
          driverId: String(fixture.other.driverIds[0]),
          vehicleId: String(fixture.other.vehicleIds[0]),
          startTime: "2020-01-01T00:00:00Z",
          endTime: at(1),
        })
      ).status,
    ).toBe(404);
  });
});

describe("GET, PATCH and DELETE", () => {
  it("lists a vehicle's history in a range, at an instant, and pages it", async () => {
    const v1 = fixture.demo.vehicleIds[1];
    const day = await list(`filterBy=vehicles&vehicleIds=${v1}&startTime=${at(0)}&endTime=${at(23)}`);
    expect(day.status).toBe(200);
    expect(day.body.data.map((a: { startTime: string; driver: { id: string } }) => [a.startTime, a.driver.id])).toEqual([
      [at(10), String(fixture.demo.driverIds[1])],
      [at(12), String(fixture.demo.driverIds[2])],
    ]);
    const instant = await list(`filterBy=vehicles&vehicleIds=${v1}&startTime=${at(11)}&endTime=${at(11)}`);
    expect(instant.body.data.map((a: { driver: { id: string } }) => a.driver.id)).toEqual([String(fixture.demo.driverIds[1])]);
    const first = await list(`filterBy=vehicles&vehicleIds=${v1}&startTime=${at(0)}&endTime=${at(23)}&limit=1`);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const second = await list(`filterBy=vehicles&vehicleIds=${v1}&startTime=${at(0)}&endTime=${at(23)}&limit=1&after=${first.body.pagination.endCursor}`);
    expect(second.body.data[0].startTime).toBe(at(12));
    expect((await list(`filterBy=vehicles&startTime=${at(5)}&endTime=${at(4)}`)).status).toBe(400);
    expect((await list("filterBy=trips")).body.message).toContain('"filterBy"');
  });

  it("the sandbox key sees only sandbox assignments, the live key only live ones", async () => {
    const sandboxNow = await list("filterBy=drivers", fixture.sandbox.key);
    expect(sandboxNow.body.data.map((a: { driver: { id: string } }) => a.driver.id)).toEqual([String(fixture.sandbox.driverIds[0])]);
    const liveNow = await list("filterBy=drivers");
    expect(liveNow.body.data.map((a: { driver: { id: string } }) => a.driver.id)).toEqual([String(fixture.demo.driverIds[0])]);
  });

  it("PATCH names the assignment by driver, vehicle and start; DELETE removes a vehicle's assignments in a range; both audited", async () => {
    const [, d1] = fixture.demo.driverIds;
    const [, v1] = fixture.demo.vehicleIds;
    const patched = await call("PATCH", { driverId: String(d1), vehicleId: String(v1), startTime: at(10), endTime: at(11) });
    expect(patched.status).toBe(200);
    expect(patched.body.data.endTime).toBe(at(11));
    expect((await call("PATCH", { driverId: String(d1), vehicleId: String(v1), startTime: at(10), endTime: at(13) })).status).toBe(409);
    expect((await call("PATCH", { driverId: String(d1), vehicleId: String(v1), startTime: at(9), endTime: at(11) })).status).toBe(404);
    const id = patched.body.data.id;
    const deleted = await call("DELETE", { vehicleId: String(v1), startTime: at(10), endTime: at(11) });
    expect(deleted.status).toBe(204);
    expect(
      (await list(`filterBy=vehicles&vehicleIds=${v1}&startTime=${at(0)}&endTime=${at(23)}`)).body.data.map((a: { startTime: string }) => a.startTime),
    ).toEqual([at(12)]);
    const events = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "assignment"), eq(auditEvents.targetId, id)));
    expect(events.map((event) => event.action)).toEqual(["assignment.created", "assignment.updated", "assignment.deleted"]);
    expect(events[1].changes).toEqual({ endTime: { before: at(12), after: at(11) } });
    expect(events.every((event) => event.actorType === "api_key" && event.companyId === fixture.demo.companyId)).toBe(true);
  });
});

describe("who drove when: assignments first, the static assignment as the default", () => {
  it("answers from an assignment row where one covers the time, else from the static assignment", async () => {
    const { db } = database();
    const tenant = { db, companyId: fixture.demo.companyId, dataset: "live" as const };
    const [, d1, d2] = fixture.demo.driverIds;
    const [, v1, v2] = fixture.demo.vehicleIds;
    // 12:00-14:00 d2 drives v1 (created above); outside that, v1's static driver d1 is the default.
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v1, at: new Date(at(13)) })).toMatchObject({ id: d2, assignmentId: expect.any(Number) });
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v1, at: new Date(at(20)) })).toMatchObject({ id: d1, assignmentId: null });
    // While d2 is in v1, d2's static vehicle v2 has no driver by default and d2's vehicle is v1.
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v2, at: new Date(at(13)) })).toBeNull();
    expect(await findVehicleForDriver({ ...tenant, driverId: d2, at: new Date(at(13)) })).toMatchObject({ id: v1 });
    expect(await findVehicleForDriver({ ...tenant, driverId: d2, at: new Date(at(20)) })).toMatchObject({ id: v2, assignmentId: null });
  });

  it("the dashboard's assign-from-now hands over, and HOS clocks and duty-status entries follow it", async () => {
    const { db } = database();
    const tenant = { db, companyId: fixture.demo.companyId, dataset: "live" as const };
    const actor = operatorActor("tests");
    const d4 = fixture.demo.driverIds[4];
    const [, , , , v4, v5] = fixture.demo.vehicleIds;
    const first = await assignFromNow({ ...tenant, driverId: d4, vehicleId: v5, handOver: "driver", actor, now: new Date(Date.now() - 60_000) });
    const second = await assignFromNow({ ...tenant, driverId: d4, vehicleId: v4, handOver: "driver", actor });
    expect(second.id).not.toBe(first.id);
    expect(await findVehicleForDriver({ ...tenant, driverId: d4, at: new Date() })).toMatchObject({ id: v4, assignmentId: second.id });
    // The other vehicle is taken now by someone else's assignment: 409 for d4 wanting it.
    await expect(assignFromNow({ ...tenant, driverId: d4, vehicleId: fixture.demo.vehicleIds[0], handOver: "driver", actor })).rejects.toMatchObject({
      code: "conflict",
    });

    const clocks = await callFleet(hosClocksRoute.GET, `/fleet/hos/clocks?driverIds=${d4}`, { key: fixture.demo.key });
    expect(clocks.body.data[0].currentVehicle).toMatchObject({ id: String(v4) });
    await setDutyStatus({ ...tenant, driverId: d4, status: "onDuty" });
    const [entry] = await db
      .select()
      .from(hosLogs)
      .where(and(eq(hosLogs.companyId, tenant.companyId), eq(hosLogs.driverId, d4)));
    expect(entry.vehicleId).toBe(v4);

    await endAssignment({ ...tenant, assignmentId: second.id, actor });
    await expect(endAssignment({ ...tenant, assignmentId: second.id, actor })).rejects.toMatchObject({ code: "bad_request" });
    await expect(endAssignment({ ...tenant, companyId: fixture.other.companyId, assignmentId: first.id, actor })).rejects.toMatchObject({ code: "not_found" });
    // Ended: the static vehicle is the default again.
    expect(await findVehicleForDriver({ ...tenant, driverId: d4, at: new Date(Date.now() + 1000) })).toMatchObject({ id: v4, assignmentId: null });
  });

  it("from a vehicle's page the vehicle changes hands: its driver's assignment ends; a driver busy elsewhere is a 409 that changes nothing", async () => {
    const { db } = database();
    const tenant = { db, companyId: fixture.demo.companyId, dataset: "live" as const };
    const actor = operatorActor("tests");
    const [d0, , d2, , , d5] = fixture.demo.driverIds;
    const v3 = fixture.demo.vehicleIds[3];
    const minuteAgo = new Date(Date.now() - 60_000);
    const first = await assignFromNow({ ...tenant, driverId: d2, vehicleId: v3, handOver: "vehicle", actor, now: minuteAgo });
    const second = await assignFromNow({ ...tenant, driverId: d5, vehicleId: v3, handOver: "vehicle", actor });
    expect(await findDriverForVehicle({ ...tenant, vehicleId: v3, at: new Date() })).toMatchObject({ id: d5, assignmentId: second.id });
    // d0 drives the first vehicle (the fixture's open assignment): taking v3 too is refused, and v3 keeps d5.
    await expect(assignFromNow({ ...tenant, driverId: d0, vehicleId: v3, handOver: "vehicle", actor })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining(`Driver ${d0} is already assigned to vehicle ${fixture.demo.vehicleIds[0]}`),
    });
    expect((await assignFromNow({ ...tenant, driverId: d5, vehicleId: v3, handOver: "vehicle", actor })).id).toBe(second.id);

    const history = await findRecentAssignments({ ...tenant, of: { vehicleId: v3 }, now: new Date() });
    expect(history.map((row) => [row.id, row.driver.id, row.endTime === null])).toEqual([
      [second.id, d5, true],
      [first.id, d2, false],
    ]);
    expect(history[1].endTime?.getTime()).toBe(second.startTime.getTime());
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "assignment"), eq(auditEvents.targetId, String(first.id))));
    expect(events.map((event) => event.action)).toEqual(["assignment.created", "assignment.updated"]);
  });
});
