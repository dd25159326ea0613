import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import { safetyEvents, vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { createVehicle } from "@/lib/fleet/vehicles";
import { makeVin } from "@/lib/runtime/seed/vin";
import type { Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import { createTestApiKey } from "../../helpers/api-keys";
import { testActor } from "../../helpers/devices";
import { callFleet } from "../../helpers/fleet-request";
import { secondsAgo, startTestTrackers } from "../../helpers/tracker-listeners";
import { useTestDatabase } from "../../helpers/test-database";

/** Suntech end to end: a socket sends a device's reports (text and binary), the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
const DEVICE_ID = "007238270";
let trackers: Trackers;
let key: string;
let vehicleId: number;

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "Suntech Fleet", timeZone: "America/Bogota", distanceUnit: "km" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const vehicle = await createVehicle({ ...tenant, input: { name: "ST300 truck", vin: makeVin({ wmi: "1FT", seed: 5, year: 2022 }) } });
  await registerDevice({ ...tenant, input: { identifier: DEVICE_ID, model: "suntech", vehicleId: vehicle.id } });
  vehicleId = vehicle.id;
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { suntechPort: 0 } });
});
afterAll(async () => trackers?.close());

/** `yyyymmdd;hh:mm:ss` of `time` (UTC), as the reports write it. */
const stamp = (time: Date) => {
  const iso = time.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, "")};${iso.slice(11, 19)}`;
};
const text = (value: string) => Buffer.from(`${value}\r`, "latin1");
const positions = () => database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const stats = () => database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));
const events = () => database().db.select().from(safetyEvents).where(eq(safetyEvents.vehicleId, vehicleId));

/** Polls until `check` passes: Suntech answers nothing over TCP, so the test waits for the rows instead of an acknowledgement. */
const eventually = async (check: () => Promise<void>) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await check();
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

describe("Suntech listener", () => {
  it("stores an ST300 STT (fix, voltage, distance, hour meter, ignition) and a harsh-braking alert, answering nothing; the fleet API serves them", async () => {
    const device = await connectTracker({ port: trackers.ports.suntech!, timeoutMs: 15_000 });
    device.send(text(`ST300ALV;${DEVICE_ID}`));
    const time = secondsAgo(40);
    device.send(text(`ST300STT;${DEVICE_ID};40;313;${stamp(time)};c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1`));
    const braking = secondsAgo(20);
    device.send(text(`ST300ALT;${DEVICE_ID};40;313;${stamp(braking)};c99139;+04.703287;-074.148897;035.000;189.72;21;1;998000;12.61;100000;47;003640;4.1;1`));
    await eventually(async () => expect(await positions()).toHaveLength(2));
    const [position] = await positions();
    expect(position.time.getTime()).toBe(time.getTime());
    expect(position.latitude).toBeCloseTo(4.644623, 6);
    expect(position.speed).toBeCloseTo(10.39 / 3.6, 5);
    const [sample] = await stats();
    expect(sample).toMatchObject({ engineState: "On", batteryMilliVolts: 14_100, gpsOdometerMeters: 997_100, engineSeconds: 3634 * 60, auxInput1: false });
    await eventually(async () => expect(await events()).toMatchObject([{ kind: "harshBraking", latitude: 4.703287 }]));
    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: braking.toISOString(), heading: 189.72 });
    expect(device.pending).toBe(0);
    device.end();
  });

  it("does not bind an unknown device id: closed and listed as unclaimed; another device's report, or garbage, closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.suntech!, timeoutMs: 15_000 });
    unknown.send(text("ALV;0560001616"));
    expect(await unknown.closed()).toBe(true);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "0560001616" })).toMatchObject({ protocol: "suntech", connectionCount: 1 });

    const device = await connectTracker({ port: trackers.ports.suntech!, timeoutMs: 15_000 });
    device.send(text(`ST300ALV;${DEVICE_ID}`));
    device.send(text("SA200ALV;317652"));
    expect(await device.closed()).toBe(true);

    const garbage = await connectTracker({ port: trackers.ports.suntech!, timeoutMs: 15_000 });
    garbage.send(Buffer.from("GET / HTTP/1.1\r\n"));
    expect(await garbage.closed()).toBe(true);
  });
});
