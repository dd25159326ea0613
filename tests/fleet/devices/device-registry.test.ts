import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { auditEvents, devices, unclaimedDevices, vehiclePositions, vehicles } from "@/db/schema";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { claimDevice } from "@/lib/fleet/devices/claim-device";
import { bindDevice, findDeviceVehicle, registerDevice, unregisterDevice } from "@/lib/fleet/devices/device-bindings";
import { listDevices } from "@/lib/fleet/devices/list-devices";
import { ingestOsmandPoint } from "@/lib/fleet/devices/osmand";
import { findUnclaimedDevice, recordUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { setVehicleArchived } from "@/lib/fleet/vehicles/save-vehicle";
import { authenticateIngestToken, createIngestToken, listIngestTokens, revokeIngestToken } from "@/lib/ingestion/batch/ingest-tokens";
import { testActor, vehicleOfDevice } from "../../helpers/devices";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let demo = { companyId: 0, dataset: "live" as const };
let other = { companyId: 0, dataset: "live" as const };
let demoVehicleIds: number[] = [];

const tenantOf = (tenant: typeof demo) => ({ db: database().db, ...tenant, actor: testActor });

/** An OsmAnd report `secondsAgo` ago (null: no timestamp, i.e. now), as a phone sends it. */
const report = (db: Database, id: string, secondsAgo: number | null, lat = 41.9) =>
  ingestOsmandPoint({
    db,
    params: { id, lat: String(lat), lon: "-87.7", ...(secondsAgo === null ? {} : { timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo) }) },
    remoteAddress: "203.0.113.9",
  });

const positionsOf = async (vehicleId: number) =>
  database()
    .db.select({ latitude: vehiclePositions.latitude })
    .from(vehiclePositions)
    .where(and(eq(vehiclePositions.companyId, demo.companyId), eq(vehiclePositions.vehicleId, vehicleId)))
    .orderBy(asc(vehiclePositions.time));

const deviceRow = async (identifier: string) => (await database().db.select().from(devices).where(eq(devices.identifier, identifier)))[0];

const auditActions = async (companyId: number) =>
  (
    await database().db.select({ action: auditEvents.action, targetId: auditEvents.targetId }).from(auditEvents).where(eq(auditEvents.companyId, companyId))
  ).map((event) => `${event.action} ${event.targetId}`);

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId, otherCompanyId } = await seedTestCompanies({ db });
  demo = { companyId: demoCompanyId, dataset: "live" };
  other = { companyId: otherCompanyId, dataset: "live" };
  demoVehicleIds = (
    await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id))
  ).map((row) => row.id);
});

describe("the device registry", () => {
  it("seeds a registered device on every demo vehicle, its identifier the one the simulator and phones use", async () => {
    const listed = await listDevices({ db: database().db, ...demo, limit: 100 });
    expect(listed.map((device) => device.vehicleId)).toEqual(demoVehicleIds);
    expect(listed[0]).toMatchObject({ identifier: "demo-live-1", model: "osmand", connection: "never", lastReportAt: null });
    expect(await database().db.select().from(unclaimedDevices)).toEqual([expect.objectContaining({ identifier: "phone-unclaimed-1", protocol: "osmand" })]);
  });

  it("refuses with 409 naming an identifier registered here or in another company in the same words, and a vehicle that has a device", async () => {
    await expect(registerDevice({ ...tenantOf(demo), input: { identifier: "demo-live-2", model: "osmand" } })).rejects.toMatchObject({
      code: "conflict",
      message: 'Device "demo-live-2" is already registered.',
    });
    await expect(registerDevice({ ...tenantOf(other), input: { identifier: "demo-live-2", model: "osmand" } })).rejects.toMatchObject({
      code: "conflict",
      message: 'Device "demo-live-2" is already registered.',
    });
    await expect(
      registerDevice({ ...tenantOf(demo), input: { identifier: "356307042441013", model: "teltonika", vehicleId: demoVehicleIds[1] } }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining('already has device "demo-live-2"'),
    });
    const [otherVehicle] = await database().db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.companyId, other.companyId)).limit(1);
    await expect(
      registerDevice({ ...tenantOf(demo), input: { identifier: "356307042441013", model: "teltonika", vehicleId: otherVehicle.id } }),
    ).rejects.toMatchObject({ code: "not_found" });
    const demoDevice = await deviceRow("demo-live-2");
    await expect(bindDevice({ ...tenantOf(other), deviceRowId: demoDevice.id, vehicleId: null })).rejects.toMatchObject({ code: "not_found" });
    // Nothing half-written: the identifier is still free.
    expect(await deviceRow("356307042441013")).toBeUndefined();
    expect(await findDeviceVehicle({ db: database().db, deviceId: "356307042441013" })).toBeNull();
  });

  it("moving a device leaves each vehicle the reports made for it; the list shows only reports since the binding", async () => {
    const { db } = database();
    const [first, second] = [demoVehicleIds[2], demoVehicleIds[3]];
    const phone = await registerDevice({ ...tenantOf(demo), input: { identifier: "driver-phone-7", model: "osmand", name: "Dana's phone" } });
    // The second vehicle's seeded phone makes way.
    await bindDevice({ ...tenantOf(demo), deviceRowId: (await deviceRow("demo-live-4")).id, vehicleId: null });
    await bindDevice({ ...tenantOf(demo), deviceRowId: (await deviceRow("demo-live-3")).id, vehicleId: null });
    await bindDevice({ ...tenantOf(demo), deviceRowId: phone.id, vehicleId: first });
    await report(db, "driver-phone-7", 120, 41.91);
    await bindDevice({ ...tenantOf(demo), deviceRowId: phone.id, vehicleId: second });
    await report(db, "driver-phone-7", null, 41.92);
    expect(await positionsOf(first)).toEqual([{ latitude: 41.91 }]);
    expect(await positionsOf(second)).toEqual([{ latitude: 41.92 }]);
    const [listed] = await listDevices({ db, ...demo, identifiers: ["driver-phone-7"], limit: 1 });
    expect(listed).toMatchObject({ vehicleId: second, name: "Dana's phone", latitude: 41.92, connection: "online" });
    // The report made before the move is not this binding's: the device's last report is the one after it.
    expect(Date.now() - listed.lastReportAt!.getTime()).toBeLessThan(120_000);
    expect(await auditActions(demo.companyId)).toEqual(
      expect.arrayContaining(["device.registered driver-phone-7", "device.bound driver-phone-7", "device.unbound demo-live-4"]),
    );
  });

  it("refuses a report from a registered device bound to no vehicle without listing it as unclaimed", async () => {
    const { db } = database();
    await expect(report(db, "demo-live-4", 30)).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("bound to no vehicle") });
    expect(await findUnclaimedDevice({ db, identifier: "demo-live-4" })).toBeNull();
  });

  it("lists a device that reports unregistered as unclaimed, and claims it in one step: the report it kept is stored and is its last report", async () => {
    const { db } = database();
    await expect(report(db, "new-phone-9", 90)).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("Unknown device") });
    await expect(report(db, "new-phone-9", 80)).rejects.toMatchObject({ code: "bad_request" });
    const unclaimed = await findUnclaimedDevice({ db, identifier: "new-phone-9" });
    expect(unclaimed).toMatchObject({ protocol: "osmand", connectionCount: 2 });
    // The third vehicle was freed above; the fifth still has its seeded phone.
    const target = demoVehicleIds[2];
    await expect(claimDevice({ ...tenantOf(demo), identifier: "nobody-reported", vehicleId: target })).rejects.toMatchObject({ code: "not_found" });
    await expect(claimDevice({ ...tenantOf(demo), identifier: "new-phone-9", vehicleId: demoVehicleIds[4] })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining('"demo-live-5"'),
    });
    expect(await findUnclaimedDevice({ db, identifier: "new-phone-9" })).not.toBeNull();
    const device = await claimDevice({ ...tenantOf(demo), identifier: "new-phone-9", vehicleId: target });
    expect(device).toMatchObject({ identifier: "new-phone-9", model: "osmand", vehicleId: target });
    expect(await findUnclaimedDevice({ db, identifier: "new-phone-9" })).toBeNull();
    // What it kept while refused, stamped before the claim, is sent again and stored.
    await report(db, "new-phone-9", 10, 41.95);
    // The vehicle keeps what the moved phone reported for it before; the claimed device's report follows.
    expect(await positionsOf(target)).toEqual([{ latitude: 41.91 }, { latitude: 41.95 }]);
    // Written after the claim, it is the device's report (not "No report"), though stamped before the claim.
    const [claimed] = await listDevices({ db, ...demo, identifiers: ["new-phone-9"], limit: 1 });
    expect(claimed.lastReportAt!.getTime()).toBeLessThan(claimed.boundAt!.getTime());
    expect(claimed).toMatchObject({ latitude: 41.95, connection: "online" });
    expect(await auditActions(demo.companyId)).toContain("device.claimed new-phone-9");
  });

  it(
    "another company cannot find or claim a device by part of its identifier, nor search identifiers by " + "claiming: claims are throttled, found or not",
    async () => {
      const { db } = database();
      await expect(report(db, "acme-phone-482913", 60)).rejects.toMatchObject({ code: "bad_request" });
      const claim = (tenant: typeof demo, identifier: string) => claimDevice({ ...tenantOf(tenant), identifier, vehicleId: demoVehicleIds[2] });
      for (const partial of ["acme-phone-48291", "acme-phone", "482913", "%"]) await expect(claim(other, partial)).rejects.toMatchObject({ code: "not_found" });
      expect(await findUnclaimedDevice({ db, identifier: "acme-phone" })).toBeNull();
      // Guessing: past the company's hourly allowance every claim is refused, the right identifier too.
      let refusedAfter = 0;
      for (let guess = 0; guess < 70 && refusedAfter === 0; guess += 1) {
        const outcome = await claim(other, `acme-phone-4829${String(guess).padStart(2, "0")}`).catch((error: { code: string }) => error.code);
        if (outcome === "rate_limited") refusedAfter = guess;
        else expect(outcome).toBe("not_found");
      }
      expect(refusedAfter).toBeGreaterThan(0);
      await expect(claim(other, "acme-phone-482913")).rejects.toMatchObject({ code: "rate_limited" });
      expect(await findUnclaimedDevice({ db, identifier: "acme-phone-482913" })).not.toBeNull();
    },
  );

  it("a flood of made-up identifiers stops at the table's bound; devices recorded before stay, silent ones make room", async () => {
    const { db } = database();
    const before = (await db.select().from(unclaimedDevices)).length;
    const maxRows = before + 3;
    const record = (identifier: string, now = new Date()) =>
      recordUnclaimedDevice({ db, identifier, protocol: "teltonika", remoteAddress: "198.51.100.7", now, maxRows });
    await record("flood-old-1", new Date(Date.now() - 40 * 86_400_000));
    for (let index = 0; index < 20; index += 1) await record(`flood-${index}`);
    expect(await db.select().from(unclaimedDevices)).toHaveLength(maxRows);
    expect(await findUnclaimedDevice({ db, identifier: "flood-0" })).not.toBeNull();
    expect(await findUnclaimedDevice({ db, identifier: "flood-19" })).toBeNull();
    // The one silent for 40 days made room for the third.
    expect(await findUnclaimedDevice({ db, identifier: "flood-old-1" })).toBeNull();
    expect(await findUnclaimedDevice({ db, identifier: "flood-2" })).not.toBeNull();
    // A device already recorded is still counted when the table is full.
    await record("flood-0");
    expect(await findUnclaimedDevice({ db, identifier: "flood-0" })).toMatchObject({ connectionCount: 2 });
    await db.delete(unclaimedDevices).where(like(unclaimedDevices.identifier, "flood-%"));
  });

  it("unregistering keeps the history; the device is refused and listed as unclaimed when it reports again", async () => {
    const { db } = database();
    const vehicle = await vehicleOfDevice({ db, identifier: "new-phone-9" });
    await unregisterDevice({ ...tenantOf(demo), deviceRowId: (await deviceRow("new-phone-9")).id });
    expect(await positionsOf(vehicle.id)).toEqual([{ latitude: 41.91 }, { latitude: 41.95 }]);
    await expect(report(db, "new-phone-9", 5)).rejects.toMatchObject({ code: "bad_request" });
    expect((await db.select().from(unclaimedDevices).where(eq(unclaimedDevices.identifier, "new-phone-9"))).length).toBe(1);
    // Free again: another company may register it.
    await registerDevice({ ...tenantOf(other), input: { identifier: "new-phone-9", model: "osmand" } });
    expect(await auditActions(demo.companyId)).toContain("device.unregistered new-phone-9");
  });

  it("stores a report from an archived vehicle's device and lists the device as such, with its supply voltage", async () => {
    const { db } = database();
    const vehicleId = demoVehicleIds[5];
    await setVehicleArchived({ ...tenantOf(demo), vehicleId, archived: true });
    // Now: the seeded binding is younger than the test file, and only reports since it count.
    await report(db, "demo-live-6", null, 41.97);
    await ingestTelemetry({ db, batch: { stats: [{ ...demo, vehicleId, time: new Date(), engineState: "Off", batteryMilliVolts: 12_600 }] } });
    expect(await positionsOf(vehicleId)).toEqual([{ latitude: 41.97 }]);
    const [listed] = await listDevices({ db, ...demo, identifiers: ["demo-live-6"], limit: 1 });
    expect(listed).toMatchObject({ vehicleId, vehicleArchived: true, latitude: 41.97, batteryMilliVolts: 12_600, connection: "online" });
    const [active] = await listDevices({ db, ...demo, identifiers: ["demo-live-1"], limit: 1 });
    expect(active).toMatchObject({ vehicleArchived: false, batteryMilliVolts: null });
  });

  it("a manager may view but not change bindings: the refusal is recorded as device.denied", async () => {
    const user = { role: "manager" as const, companyId: demo.companyId };
    await expect(
      authorizeAction({
        db: database().db,
        user,
        action: "manageDevices",
        actor: testActor,
        denied: { action: "device.denied", target: { type: "device", id: "demo-live-1" } },
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      authorizeAction({
        db: database().db,
        user: { ...user, role: "admin" },
        action: "manageDevices",
        actor: testActor,
        denied: { action: "device.denied", target: { type: "device", id: "demo-live-1" } },
      }),
    ).resolves.toBeUndefined();
    expect(await auditActions(demo.companyId)).toContain("device.denied demo-live-1");
  });
});

describe("ingest tokens", () => {
  const bearer = (token: string) => new Request("http://localhost/ingest/batch", { method: "POST", headers: { authorization: `Bearer ${token}` } });

  it("are shown once, listed without secrets, and refused from the next request once revoked; each action audited", async () => {
    const { db } = database();
    const { id, token } = await createIngestToken({ ...tenantOf(demo), name: "Depot gateway" });
    expect(await authenticateIngestToken({ db, request: bearer(token) })).toEqual(demo);
    const listed = (await listIngestTokens({ db, companyId: demo.companyId })).find((row) => row.id === id)!;
    expect(listed).toEqual({ id, name: "Depot gateway", start: token.slice(0, 8), dataset: "live", createdAt: expect.any(Date), revokedAt: null });
    expect(JSON.stringify(await listIngestTokens({ db, companyId: demo.companyId }))).not.toContain(token);
    await expect(revokeIngestToken({ db, companyId: other.companyId, id: id!, actor: testActor })).rejects.toMatchObject({ code: "not_found" });
    await revokeIngestToken({ db, companyId: demo.companyId, id: id!, actor: testActor });
    await expect(authenticateIngestToken({ db, request: bearer(token) })).rejects.toMatchObject({ code: "unauthorized" });
    expect(await auditActions(demo.companyId)).toEqual(expect.arrayContaining([`ingest_token.created ${id}`, `ingest_token.revoked ${id}`]));
  });
});
