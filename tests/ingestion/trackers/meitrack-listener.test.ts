import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
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

/** Meitrack end to end: a socket sends a device's AAA reports and CCE batches, the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
const IMEI = "867951078010564";
let trackers: Trackers;
let key: string;
let vehicleId: number;

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "Meitrack Fleet", timeZone: "Africa/Casablanca", distanceUnit: "km" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const vehicle = await createVehicle({ ...tenant, input: { name: "T366 truck", vin: makeVin({ wmi: "VF1", seed: 5, year: 2022 }) } });
  await registerDevice({ ...tenant, input: { identifier: IMEI, model: "meitrack", vehicleId: vehicle.id } });
  vehicleId = vehicle.id;
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { meitrackPort: 0 } });
});
afterAll(async () => trackers?.close());

const byteSum = (bytes: Buffer) => bytes.reduce((sum, byte) => (sum + byte) & 0xff, 0);
/** A device frame `$$<flag><length>,<IMEI>,<command>,<data>*<checksum>\r\n`, as a Meitrack tracker writes it. */
const frame = (command: string, data: Buffer | string, imei = IMEI, flag = "Q") => {
  const body = Buffer.concat([Buffer.from(`,${imei},${command},`), Buffer.from(data), Buffer.from("*")]);
  const start = Buffer.from(`$$${flag}${body.length + 4}`);
  const checksum = byteSum(Buffer.concat([start, body]))
    .toString(16)
    .toUpperCase()
    .padStart(2, "0");
  return Buffer.concat([start, body, Buffer.from(`${checksum}\r\n`)]);
};
/** `yyMMddHHmmss` (UTC) of `time`. */
const stamp = (time: Date) => time.toISOString().replace(/\D/g, "").slice(2, 14);

/** One CCE packet: event, validity, satellites, inputs; km/h, course, external power; latitude, longitude, time, mileage, run time. */
const ccePacket = ({ index, event, time, latitude, longitude }: { index: number; event: number; time: Date; latitude: number; longitude: number }) => {
  const bytes = Buffer.alloc(2 + 1 + 8 + 1 + 9 + 1 + 25 + 1);
  let at = 0;
  at = bytes.writeUInt16LE(index, at);
  at = bytes.writeUInt8(4, at);
  for (const [id, value] of [
    [0x01, event],
    [0x05, 1],
    [0x06, 12],
    [0x15, 0b10],
  ])
    at = bytes.writeUInt8(value, bytes.writeUInt8(id, at));
  at = bytes.writeUInt8(3, at);
  for (const [id, value] of [
    [0x08, 54],
    [0x09, 198],
    [0x1a, 1425],
  ])
    at = bytes.writeUInt16LE(value, bytes.writeUInt8(id, at));
  at = bytes.writeUInt8(5, at);
  at = bytes.writeInt32LE(Math.round(latitude * 1e6), bytes.writeUInt8(0x02, at));
  at = bytes.writeInt32LE(Math.round(longitude * 1e6), bytes.writeUInt8(0x03, at));
  at = bytes.writeUInt32LE(time.getTime() / 1000 - 946_684_800, bytes.writeUInt8(0x04, at));
  at = bytes.writeUInt32LE(518_578 + index * 100, bytes.writeUInt8(0x0c, at));
  at = bytes.writeUInt32LE(163_903 + index * 10, bytes.writeUInt8(0x0d, at));
  bytes.writeUInt8(0, at);
  return Buffer.concat([Buffer.from([bytes.length & 0xff, bytes.length >> 8]), bytes]);
};
const cceBatch = (packets: Buffer[]) => {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(packets.length, 4);
  return Buffer.concat([header, ...packets]);
};

const positions = () => database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const stats = () => database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));

describe("Meitrack listener", () => {
  it("stores an AAA report (unanswered: the next AAC answer confirms it) and a CCE batch (its packet count answered); the API serves them", async () => {
    const device = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 15_000 });
    const time = secondsAgo(60);
    device.send(frame("AAA", `35,33.925621,-6.917510,${stamp(time)},A,17,20,24,198,0.5,76,518578,163903,604|1|0F3C|0000AB12,0200,0000|0000|0000|019D|0591,,`));
    // AAA has no answer; AAC's is written once everything before it is committed.
    device.send(frame("AAC", "1"));
    expect((await device.read(32))!.toString()).toMatch(/^@@Q27,867951078010564,AAC,1\*[0-9A-F]{2}\r\n$/);
    const [first] = await positions();
    expect(first).toMatchObject({ latitude: 33.925621, longitude: -6.91751 });
    expect(first.time.getTime()).toBe(time.getTime());
    expect(first.speed).toBeCloseTo(24 / 3.6, 5);

    // A batch of two kept positions, the second a harsh braking: one answer for both, once stored.
    const times = [secondsAgo(40), secondsAgo(20)];
    device.send(
      frame(
        "CCE",
        cceBatch([
          ccePacket({ index: 1, event: 35, time: times[0], latitude: 33.9255, longitude: -6.9175 }),
          ccePacket({ index: 2, event: 129, time: times[1], latitude: 33.9254, longitude: -6.9176 }),
        ]),
      ),
    );
    const answer = "@@Q27,867951078010564,CCE,2*";
    expect((await device.read(answer.length + 4))!.toString()).toMatch(/^@@Q27,867951078010564,CCE,2\*[0-9A-F]{2}\r\n$/);
    expect((await positions()).map((position) => position.time.getTime())).toEqual([time, ...times].map((each) => each.getTime()));
    const samples = await stats();
    expect(samples[0]).toMatchObject({ engineState: "On", batteryMilliVolts: 14_250, gpsOdometerMeters: 518_578, engineSeconds: 163_903 });
    expect(samples[2]).toMatchObject({ engineState: "On", batteryMilliVolts: 14_250, gpsOdometerMeters: 518_778 });
    const events = await database().db.select().from(safetyEvents).where(eq(safetyEvents.vehicleId, vehicleId));
    expect(events).toMatchObject([{ kind: "harshBraking", source: "device", latitude: 33.9254 }]);
    expect(events[0].time.getTime()).toBe(times[1].getTime());

    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: times[1].toISOString(), latitude: 33.9254, longitude: -6.9176 });
    device.end();
  });

  it("does not answer an unknown IMEI: closed and listed as unclaimed; a bad checksum or another device's frame closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 15_000 });
    unknown.send(frame("CCE", cceBatch([ccePacket({ index: 1, event: 35, time: secondsAgo(10), latitude: 1, longitude: 2 })]), "861585043200862"));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "861585043200862" })).toMatchObject({ protocol: "meitrack", connectionCount: 1 });

    const corrupt = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 15_000 });
    const bad = frame("AAC", "1");
    bad[bad.length - 3] = bad[bad.length - 3] === 0x30 ? 0x31 : 0x30;
    corrupt.send(bad);
    expect(await corrupt.closed()).toBe(true);

    const device = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 15_000 });
    device.send(frame("AAC", "1"));
    expect((await device.read(32))!.toString()).toMatch(/^@@Q27,867951078010564,AAC,1\*[0-9A-F]{2}\r\n$/);
    device.send(frame("AAC", "1", "861585043200862"));
    expect(await device.closed()).toBe(true);
  });

  it("takes hostile streams, before and after a device named itself, and still answers a well-behaved one", async () => {
    const streams = fc.sample(fc.tuple(fc.boolean(), fc.array(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { minLength: 1, maxLength: 5 })), {
      seed: 20_261_128,
      numRuns: 20,
    });
    await Promise.all(
      streams.map(async ([named, chunks]) => {
        const device = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 5_000 });
        if (named) device.send(frame("AAC", "1"));
        for (const chunk of chunks) device.send(Buffer.from([0x24, 0x24, ...chunk]));
        await device.closed();
        device.end();
      }),
    );
    const device = await connectTracker({ port: trackers.ports.meitrack!, timeoutMs: 5_000 });
    device.send(frame("AAC", "1"));
    expect(await device.read(32)).not.toBeNull();
    device.end();
  });
});
