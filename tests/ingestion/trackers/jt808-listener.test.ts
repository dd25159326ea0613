import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { createVehicle } from "@/lib/fleet/vehicles";
import { makeVin } from "@/lib/runtime/seed/vin";
import { decodeJt808Frame } from "@/lib/ingestion/trackers/jt808-codec";
import { encodeJt808Authentication, encodeJt808Batch, encodeJt808Heartbeat, encodeJt808Location } from "@/lib/ingestion/trackers/jt808-encoder";
import type { Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker, type TrackerConnection } from "@/lib/ingestion/trackers/tracker-client";
import { createTestApiKey } from "../../helpers/api-keys";
import { testActor } from "../../helpers/devices";
import { callFleet } from "../../helpers/fleet-request";
import { secondsAgo, startTestTrackers } from "../../helpers/tracker-listeners";
import { useTestDatabase } from "../../helpers/test-database";

/** JT808 end to end: a socket sends a terminal's messages, the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
// A 2013 terminal's number (`013912344321` on the wire) and a 2019 one's (its IMEI, zero-padded to 20 digits).
const TERMINAL = { identifier: "13912344321", serial: 1 };
const TERMINAL_2019 = { identifier: "866496077582164", serial: 1, version: 1 };
let trackers: Trackers;
let key: string;
let vehicleIds: { v2013: number; v2019: number };

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "JT808 Trackers", timeZone: "Asia/Shanghai", distanceUnit: "km" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const carry = async (identifier: string, serial: number) => {
    const vehicle = await createVehicle({ ...tenant, input: { name: `truck ${serial}`, vin: makeVin({ wmi: "LFV", seed: serial, year: 2023 }) } });
    await registerDevice({ ...tenant, input: { identifier, model: "jt808", vehicleId: vehicle.id } });
    return vehicle.id;
  };
  vehicleIds = { v2013: await carry(TERMINAL.identifier, 1), v2019: await carry(TERMINAL_2019.identifier, 2) };
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { jt808Port: 0 } });
});
afterAll(async () => trackers?.close());

const positionsOf = (vehicleId: number) =>
  database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const statsOf = (vehicleId: number) =>
  database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));
/** The platform's next answer, decoded: its id and body (the answered serial and id, the result). */
const answerOf = async (device: TrackerConnection, length: number) => {
  const bytes = await device.read(length);
  expect(bytes).not.toBeNull();
  const message = decodeJt808Frame(bytes!)!;
  return { id: message.header.id, body: bytes!.subarray(bytes!.length - 2 - 5, bytes!.length - 2).toString("hex") };
};

describe("JT808 listener", () => {
  it("answers authentication and heartbeat 0x8001, stores a location report and answers it only after the commit; the fleet API serves it", async () => {
    const device = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 5_000 });
    device.send(encodeJt808Authentication({ ...TERMINAL, serial: 1 }, TERMINAL.identifier));
    // 0x8001 of a 2013 terminal: 1 + 12 header + 5 body + check + 1 bytes (no escapes in these).
    expect(await answerOf(device, 20)).toEqual({ id: 0x8001, body: "0001010200" });
    const time = secondsAgo(30);
    const record = {
      time,
      fix: { latitude: 31.230416, longitude: 121.473701, altitude: 12, speedKmh: 54.3, heading: 270 },
      io: { ignition: true, gpsOdometerMeters: 1_234_500 },
    };
    device.send(encodeJt808Location({ ...TERMINAL, serial: 2 }, record));
    expect(await answerOf(device, 20)).toEqual({ id: 0x8001, body: "0002020000" });
    // The answer came after the commit: the rows are there the moment it arrives.
    const [position] = await positionsOf(vehicleIds.v2013);
    expect(position).toMatchObject({ latitude: 31.230416, longitude: 121.473701, altitude: 12, heading: 270 });
    expect(position.speed).toBeCloseTo(54.3 / 3.6, 5);
    expect(position.time.getTime()).toBe(time.getTime());
    expect(await statsOf(vehicleIds.v2013)).toMatchObject([{ engineState: "On", gpsOdometerMeters: 1_234_500 }]);
    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleIds.v2013}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: time.toISOString(), latitude: 31.230416, longitude: 121.473701, heading: 270 });

    device.send(encodeJt808Heartbeat({ ...TERMINAL, serial: 3 }));
    expect(await answerOf(device, 20)).toEqual({ id: 0x8001, body: "0003000200" });
    device.end();
  });

  it("stores a 2019 terminal's batch (0x0704) and answers it once, in the 2019 header", async () => {
    const device = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 5_000 });
    const times = [secondsAgo(90), secondsAgo(60)];
    const records = times.map((time, index) => ({
      time,
      fix: { latitude: -27.2634, longitude: 153.0374, speedKmh: 0, heading: index },
      io: { ignition: false },
    }));
    device.send(encodeJt808Batch({ ...TERMINAL_2019, serial: 7 }, records));
    // 1 + 17 header + 5 body + check + 1 bytes.
    expect(await answerOf(device, 25)).toEqual({ id: 0x8001, body: "0007070400" });
    expect((await positionsOf(vehicleIds.v2019)).map((position) => position.time.getTime())).toEqual(times.map((time) => time.getTime()));
    expect((await statsOf(vehicleIds.v2019)).map((sample) => sample.engineState)).toEqual(["Off", "Off"]);
    device.end();
  });

  it("does not answer an unknown terminal: closed and listed as unclaimed; a message of another terminal closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 5_000 });
    unknown.send(encodeJt808Heartbeat({ identifier: "13800000001", serial: 1 }));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "13800000001" })).toMatchObject({ protocol: "jt808", connectionCount: 1 });

    const device = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 5_000 });
    device.send(encodeJt808Heartbeat({ ...TERMINAL, serial: 4 }));
    expect(await device.read(20)).not.toBeNull();
    device.send(encodeJt808Heartbeat({ ...TERMINAL_2019, serial: 5 }));
    expect(await device.closed()).toBe(true);

    const garbage = await connectTracker({ port: trackers.ports.jt808!, timeoutMs: 5_000 });
    garbage.send(Buffer.from("GET / HTTP/1.1\r\n"));
    expect(await garbage.closed()).toBe(true);
  });
});
