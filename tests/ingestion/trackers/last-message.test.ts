import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { listDevices } from "@/lib/fleet/devices/list-devices";
import { ingestOsmandPoint } from "@/lib/fleet/devices/osmand";
import { createVehicle } from "@/lib/fleet/vehicles";
import type { Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import { makeVin } from "@/lib/runtime/seed/vin";
import { testActor } from "../../helpers/devices";
import { startTestTrackers } from "../../helpers/tracker-listeners";
import { useTestDatabase } from "../../helpers/test-database";

/**
 * Each device's last message on the Devices page (docs/decisions.md "Last message of each device"): a GT06 (binary)
 * and an H02 (text) tracker over sockets, and an OsmAnd phone over HTTP; heartbeats and logins count, not only positions.
 */
const database = useTestDatabase();
const GT06_IMEI = "123456789012345"; // the login frame of the GT06 document names it
const H02_ID = "4210051415";
const PHONE_ID = "phone-last-message";
const UNBOUND_ID = "4210059999";
let trackers: Trackers;
let tenant: { db: ReturnType<typeof database>["db"]; companyId: number; dataset: "live" };

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "Last Messages", timeZone: "America/Chicago", distanceUnit: "mi" }, actor: testActor });
  tenant = { db, companyId: company.id, dataset: "live" };
  const carry = async (identifier: string, model: "gt06" | "h02" | "osmand", seed: number) => {
    const vehicle = await createVehicle({ ...tenant, actor: testActor, input: { name: `${model} van`, vin: makeVin({ wmi: "1FT", seed, year: 2022 }) } });
    await registerDevice({ ...tenant, actor: testActor, input: { identifier, model, vehicleId: vehicle.id } });
  };
  await carry(GT06_IMEI, "gt06", 11);
  await carry(H02_ID, "h02", 12);
  await carry(PHONE_ID, "osmand", 13);
  await registerDevice({ ...tenant, actor: testActor, input: { identifier: UNBOUND_ID, model: "h02" } });
  trackers = await startTestTrackers({ db, ports: { gt06Port: 0, h02Port: 0 }, lastMessages: { tickMs: 20, resolutionMs: 0 } });
});
afterAll(async () => trackers?.close());

const lastMessageOf = async (identifier: string) => {
  const [device] = await listDevices({ ...tenant, limit: 10, identifiers: [identifier] });
  return device.lastMessage;
};

describe("a device's last message", () => {
  it("is the GT06 login, then its heartbeat, with the protocol and the time it arrived", async () => {
    const before = Date.now();
    const device = await connectTracker({ port: trackers.ports.gt06!, timeoutMs: 5_000 });
    device.send(Buffer.from("78780D01012345678901234500018CDD0D0A", "hex"));
    expect((await device.read(10))!.toString("hex")).toBe("787805010001d9dc0d0a");
    await vi.waitFor(async () => expect(await lastMessageOf(GT06_IMEI)).toMatchObject({ protocol: "gt06", kind: "login" }), { timeout: 5_000 });
    // The status packet 0x13 (a heartbeat): no position, yet the device's last message.
    device.send(Buffer.from("78780a13460b120400160642c20d0a", "hex"));
    await device.read(10);
    await vi.waitFor(async () => expect(await lastMessageOf(GT06_IMEI)).toMatchObject({ kind: "heartbeat 0x13" }), { timeout: 5_000 });
    const { at } = (await lastMessageOf(GT06_IMEI))!;
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(at.getTime()).toBeLessThanOrEqual(Date.now());
    device.end();
  });

  it("is an H02 device's last text message (a heartbeat after a position); a registered device bound to no vehicle gets none", async () => {
    const device = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    device.send(Buffer.from(`*HQ,${H02_ID},V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#`));
    await device.read(`*HQ,${H02_ID},V4,V1,20260101000000#`.length);
    await vi.waitFor(async () => expect(await lastMessageOf(H02_ID)).toMatchObject({ protocol: "h02", kind: "V1" }), { timeout: 5_000 });
    device.send(Buffer.from(`*HQ,${H02_ID},HTBT,100#`));
    await device.read(`*HQ,${H02_ID},HTBT#`.length);
    await vi.waitFor(async () => expect(await lastMessageOf(H02_ID)).toMatchObject({ kind: "HTBT" }), { timeout: 5_000 });
    device.end();

    const unbound = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    unbound.send(Buffer.from(`*HQ,${UNBOUND_ID},HTBT,100#`));
    await unbound.closed();
    await trackers.close();
    expect(await lastMessageOf(UNBOUND_ID)).toBeNull();
  });

  it("is an OsmAnd phone's request, named by its parameter form", async () => {
    const now = new Date();
    await ingestOsmandPoint({ db: tenant.db, params: { id: PHONE_ID, location: "41.8781,-87.6298" }, remoteAddress: "127.0.0.1", now });
    expect(await lastMessageOf(PHONE_ID)).toEqual({ at: now, protocol: "osmand", kind: "OsmAnd location=" });
    // A second request within 5 s leaves the row as it was (a phone may post every second).
    await ingestOsmandPoint({
      db: tenant.db,
      params: { id: PHONE_ID, lat: "41.8", lon: "-87.6" },
      remoteAddress: "127.0.0.1",
      now: new Date(now.getTime() + 1_000),
    });
    expect(await lastMessageOf(PHONE_ID)).toMatchObject({ at: now, kind: "OsmAnd location=" });
    const later = new Date(now.getTime() + 6_000);
    await ingestOsmandPoint({ db: tenant.db, params: { id: PHONE_ID, lat: "41.8", lon: "-87.6" }, remoteAddress: "127.0.0.1", now: later });
    expect(await lastMessageOf(PHONE_ID)).toEqual({ at: later, protocol: "osmand", kind: "OsmAnd" });
  });
});
