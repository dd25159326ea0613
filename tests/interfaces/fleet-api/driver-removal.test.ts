import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, drivers, tagDrivers } from "@/db/schema";
import * as driverRoute from "@/app/fleet/drivers/[id]/route";
import * as signOutRoute from "@/app/fleet/drivers/remote-sign-out/route";
import { checkDriverSession } from "@/lib/hos/logbook/driver-session-check";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

const remove = (id: number, key = fixture.demo.key) =>
  callFleet(driverRoute.DELETE, `/fleet/drivers/${id}`, { key, method: "DELETE", params: { id: String(id) } });
const read = (id: number) => callFleet(driverRoute.GET, `/fleet/drivers/${id}`, { key: fixture.demo.key, params: { id: String(id) } });
const signOut = (body: unknown, key = fixture.demo.key) => callFleet(signOutRoute.POST, "/fleet/drivers/remote-sign-out", { key, method: "POST", body });
const auditOf = (driverId: number, action: string) =>
  database()
    .db.select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, fixture.demo.companyId), eq(auditEvents.targetId, String(driverId)), eq(auditEvents.action, action)));

describe("DELETE /fleet/drivers/{id}", () => {
  it("deletes a driver without history (204, then 404), with their tag memberships, and audits it", async () => {
    const { db } = database();
    const id = fixture.demo.spareDriverIds[0];
    await db.insert(tagDrivers).values({ companyId: fixture.demo.companyId, tagId: fixture.demo.tagIds[0], driverId: id });
    expect((await remove(id)).status).toBe(204);
    expect((await read(id)).status).toBe(404);
    expect(await db.select().from(tagDrivers).where(eq(tagDrivers.driverId, id))).toEqual([]);
    expect(await auditOf(id, "driver.deleted")).toHaveLength(1);
    expect((await remove(id)).status).toBe(404);
  });

  it("keeps a driver with history: 409 saying to deactivate instead, and the driver is still there", async () => {
    const id = fixture.demo.driverIds[0];
    const response = await remove(id);
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/deactivate/);
    expect((await read(id)).status).toBe(200);
  });

  it("another company's or the sandbox's driver is 404 and stays", async () => {
    for (const id of [fixture.other.spareDriverIds[0], fixture.sandbox.spareDriverIds[0]]) {
      expect((await remove(id)).status).toBe(404);
      expect(await database().db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, id))).toHaveLength(1);
    }
  });
});

describe("POST /fleet/drivers/remote-sign-out", () => {
  it("ends the driver's logbook sessions (a session signed in before no longer counts), answers the name, audits it", async () => {
    const { db } = database();
    const id = fixture.demo.driverIds[2];
    const [driver] = await db.select().from(drivers).where(eq(drivers.id, id));
    const session = {
      companyId: fixture.demo.companyId,
      dataset: "live" as const,
      driverId: id,
      username: driver.username,
      name: driver.name,
      companyName: "Demo Fleet",
      sessionVersion: driver.sessionVersion,
    };
    expect(await checkDriverSession({ db, driver: session })).not.toBeNull();
    const response = await signOut({ driverId: String(id) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ driverName: driver.name });
    expect(await checkDriverSession({ db, driver: session })).toBeNull();
    expect(await auditOf(id, "driver.signed_out")).toHaveLength(1);
  });

  it("a malformed driverId is a 400 naming it; another company's driver is 404", async () => {
    for (const body of [{}, { driverId: 12 }, { driverId: "abc" }]) {
      const response = await signOut(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("driverId");
    }
    expect((await signOut({ driverId: String(fixture.other.driverIds[0]) })).status).toBe(404);
  });
});
