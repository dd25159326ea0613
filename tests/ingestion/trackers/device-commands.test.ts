import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deviceCommands, devices, vehiclePositions, vehicles } from "@/db/schema";
import { listImmobilizerStates, queueDeviceCommand } from "@/lib/fleet/device-commands";
import { crc16Ibm } from "@/lib/ingestion/trackers/crc";
import { decodeGt06Frame, encodeGt06Frame, GT06 } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Command, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { encodeJt808Frame, JT808 } from "@/lib/ingestion/trackers/jt808-codec";
import { encodeJt808Command } from "@/lib/ingestion/trackers/jt808-commands";
import { encodeJt808Authentication, encodeJt808LocationAnswer, encodeJt808TerminalResponse } from "@/lib/ingestion/trackers/jt808-encoder";
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

  it("encodes JT808's vehicle control, location query and text message in the terminal's header form (frames computed by hand)", () => {
    const terminal2013 = { version: null, phone: hex("013912306181") };
    // id 8500, body length 1, the phone, serial 1, control flag 1, check code 0x7E sent escaped as 7D 02.
    expect(encodeJt808Command({ kind: "engineStop", text: "" }, terminal2013, 1).toString("hex")).toBe("7e850000010139123061810001017d027e");
    expect(encodeJt808Command({ kind: "engineResume", text: "" }, terminal2013, 4).toString("hex")).toBe("7e850000010139123061810004007a7e");
    expect(encodeJt808Command({ kind: "requestPosition", text: "" }, terminal2013, 2).toString("hex")).toBe("7e8201000001391230618100027b7e");
    expect(encodeJt808Command({ kind: "custom", text: "WHERE#" }, terminal2013, 3).toString("hex")).toBe("7e83000007013912306181000301574845524523127e");
    // The 2019 edition: version flag and byte, a 10-byte number; one control (id 0x0001, value 1); the text type (1) after the flag.
    const terminal2019 = { version: 1, phone: hex("00000866496077582164") };
    expect(encodeJt808Command({ kind: "engineStop", text: "" }, terminal2019, 5).toString("hex")).toBe("7e85004005010000086649607758216400050001000101e87e");
    expect(encodeJt808Command({ kind: "custom", text: "RELAY,0#" }, terminal2019, 6).toString("hex")).toBe(
      "7e8300400a01000008664960775821640006010152454c41592c30239f7e",
    );
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

describe("JT808 commands", () => {
  // The terminal number makes the engine stop's check code 0x7E: the frame carries it escaped.
  const TERMINAL = { identifier: "13912306181", serial: 1 };
  const fix = { latitude: 31.230416, longitude: 121.473701, speedKmh: 0, heading: 0 };
  let vehicleId = 0;
  let jt808: Trackers;

  beforeAll(async () => {
    const { db } = database();
    vehicleId = (await rebindDevice({ db, from: "demo-live-4", to: TERMINAL.identifier })).id;
    await db.update(devices).set({ model: "jt808" }).where(eq(devices.identifier, TERMINAL.identifier));
    const settings = {
      teltonikaPort: null,
      gt06Port: null,
      jt808Port: 0,
      host: "127.0.0.1",
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: 20,
      maxConnections: 100,
      frameTimeoutMs: 30_000,
    };
    jt808 = await startTrackers({ db, settings });
  });
  afterAll(async () => jt808?.close());

  const answerOf =
    (id: number, status = "answered") =>
    (row: { status: string; answer: string } | undefined, text: string | RegExp) =>
      expect(row, `command of 0x${id.toString(16)}`).toMatchObject({ status, answer: text });

  /** The vehicle's confirmed immobilizer states of the last minute (and the next: answers are stamped by the device). */
  const immobilized = async () =>
    (
      await listImmobilizerStates({
        db: database().db,
        ...tenant,
        vehicleIds: [vehicleId],
        from: new Date(Date.now() - 60_000),
        to: new Date(Date.now() + 60_000),
        limit: 10,
      })
    ).map((state) => state.immobilized);

  it("sends each command once the terminal is connected, matches the answers by serial, and shows them", async () => {
    // Queued while the terminal is away: sent right after its first message is answered.
    const stop = await queue(vehicleId, "engineStop");
    expect(stop).toMatchObject({ text: "0x8500 control flag 1", status: "queued" });
    const device = await connectTracker({ port: jt808.ports.jt808!, timeoutMs: 5_000 });
    device.send(encodeJt808Authentication(TERMINAL, TERMINAL.identifier));
    const authAnswer = encodeJt808Frame({ id: JT808.platformResponse, version: null, phone: hex("013912306181"), serial: 1 }, hex("0001010200"));
    expect(await device.read(authAnswer.length)).toEqual(authAnswer);
    expect((await device.read(17))!.toString("hex")).toBe("7e850000010139123061810001017d027e");

    // The general response first (matched by serial 1 and id 0x8500), then the vehicle control's answer with its position.
    device.send(encodeJt808TerminalResponse({ ...TERMINAL, serial: 2 }, { serial: 1, id: JT808.vehicleControl }, 0));
    answerOf(0x8500)(
      (
        await until(
          () => commandsOf(vehicleId),
          ([row]) => row?.status === "answered",
        )
      )[0],
      "succeeded",
    );
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 5_000);
    device.send(encodeJt808LocationAnswer({ ...TERMINAL, serial: 3 }, 0x0500, 1, { time, fix, io: { ignition: false } }, (1 << 10) | (1 << 11)));
    const [stopped] = await until(
      () => commandsOf(vehicleId),
      ([row]) => row?.answer.startsWith("fuel line cut") ?? false,
    );
    answerOf(0x8500)(stopped, `fuel line cut, power cut; position 31.230416,121.473701 at ${time.toISOString()}`);
    expect(await immobilized()).toEqual([true]);

    // Queued while connected: sent at once, serial 2; the 0x0201 answer's location is stored too.
    await queue(vehicleId, "requestPosition");
    expect((await device.read(15))!.toString("hex")).toBe("7e8201000001391230618100027b7e");
    // An answer naming a serial this connection never sent is no command's.
    device.send(encodeJt808TerminalResponse({ ...TERMINAL, serial: 4 }, { serial: 9, id: JT808.locationQuery }, 1));
    device.send(encodeJt808LocationAnswer({ ...TERMINAL, serial: 5 }, 0x0201, 2, { time: new Date(time.getTime() + 1_000), fix, io: { ignition: false } }));
    const afterQuery = await until(
      () => commandsOf(vehicleId),
      (rows) => rows.find((row) => row.kind === "requestPosition")?.status === "answered",
    );
    answerOf(0x8201)(
      afterQuery.find((row) => row.kind === "requestPosition"),
      `position 31.230416,121.473701 at ${new Date(time.getTime() + 1_000).toISOString()}`,
    );
    const stored = await database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId));
    expect(stored.filter((position) => position.time.getTime() >= time.getTime())).toHaveLength(2);

    // A custom command goes as a text message (0x8300); the terminal says it does not support it: refused.
    await queue(vehicleId, "custom", "WHERE#");
    expect((await device.read(22))!.toString("hex")).toBe("7e83000007013912306181000301574845524523127e");
    device.send(encodeJt808TerminalResponse({ ...TERMINAL, serial: 6 }, { serial: 3, id: JT808.textMessage }, 3));
    const rows = await until(
      () => commandsOf(vehicleId),
      (all) => all.find((row) => row.kind === "custom")?.status === "refused",
    );
    answerOf(0x8300, "refused")(
      rows.find((row) => row.kind === "custom"),
      "not supported",
    );
    expect(rows).toHaveLength(3);

    // A resume the terminal fails is refused, and the vehicle stays immobilized as the stop's answer confirmed.
    await queue(vehicleId, "engineResume");
    expect((await device.read(16))!.toString("hex")).toBe("7e850000010139123061810004007a7e");
    device.send(encodeJt808TerminalResponse({ ...TERMINAL, serial: 7 }, { serial: 4, id: JT808.vehicleControl }, 1));
    const resumed = await until(
      () => commandsOf(vehicleId),
      (all) => all.find((row) => row.kind === "engineResume")?.status === "refused",
    );
    answerOf(0x8500, "refused")(
      resumed.find((row) => row.kind === "engineResume"),
      "failed",
    );
    expect(await immobilized()).toEqual([true]);
    device.end();

    const audited = await database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "device.command_queued"), eq(auditEvents.targetId, TERMINAL.identifier)));
    expect(audited).toHaveLength(4);
  });
});
