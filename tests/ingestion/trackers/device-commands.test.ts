import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deviceCommands, devices, vehicles } from "@/db/schema";
import { queueDeviceCommand } from "@/lib/fleet/device-commands";
import { crc16Ibm } from "@/lib/ingestion/trackers/crc";
import { decodeGt06Frame, encodeGt06Frame, GT06 } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Command, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { startTrackers, type Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { decodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-codec";
import { encodeTeltonikaCommand, encodeTeltonikaImei } from "@/lib/ingestion/trackers/teltonika-encoder";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import { startFleetEventBus, stopFleetEventBus } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { rebindDevice, testActor } from "../../helpers/devices";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const hex = (...parts: string[]) => Buffer.from(parts.join(""), "hex");

describe("command frames", () => {
  // Vectors from the vendors' documents as Traccar's encoder and decoder tests carry them.
  it("encodes Teltonika's Codec 12 command and reads a device's Codec 12 response", () => {
    expect(encodeTeltonikaCommand("setdigout 11").toString("hex")).toBe("00000000000000140c01050000000c7365746469676f7574203131010000bed5");
    const response = hex(
      "000000000000004f0c01060000004755555555777730362e343b30342e323b30302e303b30302e303b30302e303b30302e303b30302e30",
      "3b30302e303b30312e333b30302e303b31302e373b30302e303b5353530d0a010000e371",
    );
    expect(decodeTeltonikaPacket(response)).toEqual({
      codec: 0x0c,
      messageKind: "Codec 12 answer",
      records: [],
      answer: "UUUUww06.4;04.2;00.0;00.0;00.0;00.0;00.0;00.0;01.3;00.0;10.7;00.0;SSS",
    });
  });

  it("encodes GT06's command packet and reads both forms of a device's answer", () => {
    expect(encodeGt06Command("Relay,1#", 0).toString("hex")).toBe("787812800c0000000052656c61792c312300009dee0d0a");
    const padded = hex(
      "7878661500000000004459443d537563636573732100000000000000000000000000000000000000000000000000000000000000000000",
      "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010009e82b0d0a",
    );
    expect(decodeGt06Frame(padded)).toMatchObject({ type: "answer", text: "DYD=Success!" });
    const ascii = hex(
      "7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a4532352e3237333237",
      "302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a323031372d30352d3236202031303a3237",
      "3a3437000bbee30d0a",
    );
    expect(decodeGt06Frame(ascii)).toMatchObject({ type: "answer", text: expect.stringMatching(/^Current position!Lat:N54\.739332,Lon:E25\.273270,/) });
    const utf16 = hex("797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a");
    expect(decodeGt06Frame(utf16)).toMatchObject({ type: "answer", text: "Command error!" });
  });
});

const database = useTestDatabase();
const TELTONIKA_IMEI = "356307042441099";
const GT06_IMEI = "868120301234599";
let trackers: Trackers;
const vehicleIds = { teltonika: 0, gt06: 0, other: 0 };
let tenant: { companyId: number; dataset: "live" };

/** A device's Codec 12 response packet (type 0x06) carrying `text`. */
const teltonikaResponse = (text: string) => {
  const data = Buffer.concat([Buffer.from([0x0c, 0x01, 0x06]), Buffer.alloc(4), Buffer.from(text, "latin1"), Buffer.from([0x01])]);
  data.writeUInt32BE(text.length, 3);
  const packet = Buffer.alloc(8 + data.length + 4);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
};
const commandsOf = (vehicleId: number) => database().db.select().from(deviceCommands).where(eq(deviceCommands.vehicleId, vehicleId));
const queue = (vehicleId: number, kind: "engineStop" | "engineResume" | "requestPosition" | "custom", text?: string) =>
  queueDeviceCommand({ db: database().db, ...tenant, vehicleId, kind, text, actor: testActor });
const until = async <T>(read: () => Promise<T>, ready: (value: T) => boolean) => {
  for (let tries = 0; tries < 100; tries++) {
    const value = await read();
    if (ready(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
};

beforeAll(async () => {
  const { db } = database();
  const { demoCompanyId } = await seedTestCompanies({ db });
  tenant = { companyId: demoCompanyId, dataset: "live" };
  vehicleIds.teltonika = (await rebindDevice({ db, from: "demo-live-1", to: TELTONIKA_IMEI })).id;
  vehicleIds.gt06 = (await rebindDevice({ db, from: "demo-live-2", to: GT06_IMEI })).id;
  vehicleIds.other = (await rebindDevice({ db, from: "demo-live-3", to: "some-phone" })).id;
  await db.update(devices).set({ model: "teltonika" }).where(eq(devices.identifier, TELTONIKA_IMEI));
  await db.update(devices).set({ model: "gt06" }).where(eq(devices.identifier, GT06_IMEI));
  await startFleetEventBus({ database: database() });
  const settings = {
    teltonikaPort: 0,
    gt06Port: 0,
    host: "127.0.0.1",
    idleTimeoutMs: 60_000,
    maxConnectionsPerAddress: 20,
    maxConnections: 100,
    frameTimeoutMs: 30_000,
  };
  trackers = await startTrackers({ db, settings });
});
afterAll(async () => {
  await trackers?.close();
  await stopFleetEventBus();
});

describe("commands to a connected tracker", () => {
  it("sends a Teltonika engine stop as Codec 12 the moment it is queued, and keeps the device's answer", async () => {
    const device = await connectTracker({ port: trackers.ports.teltonika!, timeoutMs: 5_000 });
    device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    expect(await device.read(1)).toEqual(Buffer.from([0x01]));
    const queued = await queue(vehicleIds.teltonika, "engineStop");
    expect(queued).toMatchObject({ kind: "engineStop", text: "setdigout 1", status: "queued", requestedByName: "tests" });
    const sent = encodeTeltonikaCommand("setdigout 1");
    expect(await device.read(sent.length)).toEqual(sent);
    device.send(teltonikaResponse("DOUT1:1 DOUT2:0 Timeout:INFINITY\r\n"));
    const [answered] = await until(
      () => commandsOf(vehicleIds.teltonika),
      ([row]) => row?.status === "answered",
    );
    expect(answered).toMatchObject({ answer: "DOUT1:1 DOUT2:0 Timeout:INFINITY", sentAt: expect.any(Date), answeredAt: expect.any(Date) });
    device.end();
  });

  it("keeps a GT06 command queued while the device is away and sends it after its login", async () => {
    await queue(vehicleIds.gt06, "requestPosition");
    expect((await commandsOf(vehicleIds.gt06))[0].status).toBe("queued");
    const device = await connectTracker({ port: trackers.ports.gt06!, timeoutMs: 5_000 });
    device.send(encodeGt06Login(GT06_IMEI, 1));
    const loginAnswer = encodeGt06Frame(GT06.login, Buffer.alloc(0), 1);
    expect(await device.read(loginAnswer.length)).toEqual(loginAnswer);
    const command = await device.read(encodeGt06Command("WHERE#", 1).length);
    expect(decodeGt06Frame(command!)).toMatchObject({ protocol: GT06.command });
    expect(command!.subarray(9, 15).toString("latin1")).toBe("WHERE#");
    const answer = Buffer.concat([Buffer.from([4 + 13]), Buffer.alloc(4), Buffer.from("Lat:N41.87810", "latin1")]);
    device.send(encodeGt06Frame(GT06.commandAnswer, answer, 2));
    const [answered] = await until(
      () => commandsOf(vehicleIds.gt06),
      ([row]) => row?.status === "answered",
    );
    expect(answered.answer).toBe("Lat:N41.87810");
    device.end();
  });

  it("drops a command a day old instead of sending it late", async () => {
    // Queued a day and an hour ago, while the device was away.
    await database()
      .db.insert(deviceCommands)
      .values({
        ...tenant,
        vehicleId: vehicleIds.gt06,
        deviceIdentifier: GT06_IMEI,
        protocol: "gt06",
        kind: "engineStop",
        text: "Relay,1#",
        requestedByType: "operator",
        requestedByName: "tests",
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      });
    const device = await connectTracker({ port: trackers.ports.gt06!, timeoutMs: 1_000 });
    device.send(encodeGt06Login(GT06_IMEI, 3));
    const loginAnswer = encodeGt06Frame(GT06.login, Buffer.alloc(0), 3);
    expect(await device.read(loginAnswer.length)).toEqual(loginAnswer);
    const rows = await until(
      () => commandsOf(vehicleIds.gt06),
      (all) => all.some((row) => row.status === "expired"),
    );
    expect(rows.filter((row) => row.kind === "engineStop").map((row) => row.status)).toEqual(["expired"]);
    expect(await device.read(1)).toBeNull();
    device.end();
  });
});

describe("queueing a command", () => {
  it("is audited, and refused for another company's vehicle, a vehicle without a tracker that takes commands, or an empty custom text", async () => {
    const { db } = database();
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, tenant.companyId), eq(auditEvents.action, "device.command_queued")));
    expect(audited.map((event) => event.changes)).toHaveLength(2);
    const [foreign] = await db.select({ id: vehicles.id }).from(vehicles).where(ne(vehicles.companyId, tenant.companyId)).limit(1);
    await expect(queue(foreign.id, "engineStop")).rejects.toMatchObject({ code: "not_found" });
    await expect(queue(987_654, "engineStop")).rejects.toMatchObject({ code: "not_found" });
    await expect(queue(vehicleIds.other, "engineStop")).rejects.toMatchObject({ code: "conflict" });
    await expect(queue(vehicleIds.teltonika, "custom", "  ")).rejects.toMatchObject({ code: "bad_request" });
  });
});
