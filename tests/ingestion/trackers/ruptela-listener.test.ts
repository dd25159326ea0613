import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { createVehicle } from "@/lib/fleet/vehicles";
import { makeVin } from "@/lib/runtime/seed/vin";
import { encodeRuptelaHeartbeat, encodeRuptelaPacket, encodeRuptelaRecords } from "@/lib/ingestion/trackers/ruptela-encoder";
import type { Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import { createTestApiKey } from "../../helpers/api-keys";
import { testActor } from "../../helpers/devices";
import { callFleet } from "../../helpers/fleet-request";
import { secondsAgo, startTestTrackers } from "../../helpers/tracker-listeners";
import { useTestDatabase } from "../../helpers/test-database";
import { IDENTIFICATION_ECO } from "./ruptela-frames";

/** Ruptela end to end: a socket sends a device's packets, the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
const IMEI = "869530043209218"; // the IMEI of the published identification frame
const OTHER_IMEI = "863071016796572";
const RECORDS_ACK = "0002640113bc";
let trackers: Trackers;
let key: string;
let vehicleId: number;

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "Ruptela Trackers", timeZone: "Europe/Vilnius", distanceUnit: "km" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const vehicle = await createVehicle({ ...tenant, input: { name: "truck 1", vin: makeVin({ wmi: "YS2", seed: 46, year: 2024 }) } });
  await registerDevice({ ...tenant, input: { identifier: IMEI, model: "ruptela", vehicleId: vehicle.id } });
  vehicleId = vehicle.id;
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { ruptelaPort: 0 } });
});
afterAll(async () => trackers?.close());

const positionsOf = () => database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const statsOf = () => database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));

describe("Ruptela listener", () => {
  it("answers the identification, stores records and acknowledges them only after the commit; the fleet API serves them", async () => {
    const device = await connectTracker({ port: trackers.ports.ruptela!, timeoutMs: 5_000 });
    device.send(Buffer.from(IDENTIFICATION_ECO, "hex"));
    expect((await device.read(6))?.subarray(0, 4).toString("hex")).toBe("00027301");
    const times = [secondsAgo(60), secondsAgo(30)];
    const records = times.map((time, index) => ({
      time,
      fix: { latitude: 54.6872, longitude: 25.2797, altitude: 112.3, heading: 271.5, satellites: 11, speedKmh: index === 0 ? 0 : 54, hdop: 0.8 },
      io: { ignition: true, externalVolts: 13.8, gpsOdometerMeters: 1_234_567 + index * 400 },
    }));
    device.send(encodeRuptelaRecords({ imei: IMEI, records }));
    expect((await device.read(6))?.toString("hex")).toBe(RECORDS_ACK);
    // The answer came after the commit: the rows are there the moment it arrives.
    const positions = await positionsOf();
    expect(positions.map((position) => position.time.getTime())).toEqual(times.map((time) => time.getTime()));
    expect(positions[1]).toMatchObject({ latitude: 54.6872, longitude: 25.2797, heading: 271.5, satellites: 11 });
    expect(positions[1].speed).toBeCloseTo(54 / 3.6, 5);
    expect(await statsOf()).toMatchObject([
      { engineState: "Idle", batteryMilliVolts: 13_800, gpsOdometerMeters: 1_234_567 },
      { engineState: "On", batteryMilliVolts: 13_800, gpsOdometerMeters: 1_234_967 },
    ]);
    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: times[1].toISOString(), latitude: 54.6872, longitude: 25.2797, heading: 271.5 });

    device.send(encodeRuptelaHeartbeat(IMEI));
    expect((await device.read(6))?.subarray(0, 4).toString("hex")).toBe("00027401");
    // Extended records are acknowledged the same way.
    device.send(encodeRuptelaRecords({ imei: IMEI, records: [{ time: secondsAgo(10), io: { ignition: false } }], extended: true }));
    expect((await device.read(6))?.toString("hex")).toBe(RECORDS_ACK);
    expect((await statsOf()).at(-1)).toMatchObject({ engineState: "Off" });
    device.end();
  });

  it("does not answer an unknown device: closed and listed as unclaimed; another device's packet or a bad CRC closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.ruptela!, timeoutMs: 5_000 });
    unknown.send(encodeRuptelaRecords({ imei: OTHER_IMEI, records: [{ time: secondsAgo(5), io: { ignition: true } }] }));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: OTHER_IMEI })).toMatchObject({ protocol: "ruptela", connectionCount: 1 });

    const device = await connectTracker({ port: trackers.ports.ruptela!, timeoutMs: 5_000 });
    device.send(encodeRuptelaHeartbeat(IMEI));
    expect(await device.read(6)).not.toBeNull();
    device.send(encodeRuptelaHeartbeat(OTHER_IMEI));
    expect(await device.closed()).toBe(true);

    const corrupt = await connectTracker({ port: trackers.ports.ruptela!, timeoutMs: 5_000 });
    const packet = encodeRuptelaPacket(IMEI, 16, Buffer.alloc(0));
    packet[packet.length - 1] ^= 0xff;
    corrupt.send(packet);
    expect(await corrupt.closed()).toBe(true);
    expect(corrupt.pending).toBe(0);
  });
});
