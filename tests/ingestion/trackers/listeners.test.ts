import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unclaimedDevices, vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { encodeGt06Response, GT06 } from "@/lib/ingestion/trackers/gt06-codec";
import { encodeGt06Location, encodeGt06Login } from "@/lib/ingestion/trackers/gt06-encoder";
import { encodeGt06Frame } from "@/lib/ingestion/trackers/gt06-codec";
import { startTrackers, type Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { connectTracker } from "@/lib/ingestion/trackers/tracker-client";
import { encodeTeltonikaImei, encodeTeltonikaPacket } from "@/lib/ingestion/trackers/teltonika-encoder";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { claimDevice } from "@/lib/fleet/devices/claim-device";
import { bindDevice, findDeviceVehicle } from "@/lib/fleet/devices/device-bindings";
import { devices } from "@/db/schema";
import { rebindDevice, testActor } from "../../helpers/devices";

const database = useTestDatabase();
const TELTONIKA_IMEI = "356307042441013";
const GT06_IMEI = "868120301234567";
let trackers: Trackers;
let vehicleIds: { teltonika: number; gt06: number };

// Port 0: each listener takes a free port (tests run beside other suites and servers).
const settings = {
  teltonikaPort: 0,
  gt06Port: 0,
  host: "127.0.0.1",
  idleTimeoutMs: 60_000,
  maxConnectionsPerAddress: 20,
  maxConnections: 1_000,
  frameTimeoutMs: 30_000,
};

beforeAll(async () => {
  const { db } = database();
  await seedTestCompanies({ db });
  const first = await rebindDevice({ db, from: "demo-live-1", to: TELTONIKA_IMEI });
  const second = await rebindDevice({ db, from: "demo-live-2", to: GT06_IMEI });
  vehicleIds = { teltonika: first.id, gt06: second.id };
  trackers = await startTrackers({ db, settings });
});
afterAll(async () => trackers?.close());

/** Unbinds a seeded device and returns the vehicle it leaves free (a vehicle has one device). */
const freeVehicleOf = async (identifier: string) => {
  const { db } = database();
  const vehicle = (await findDeviceVehicle({ db, deviceId: identifier }))!;
  const [seeded] = await db.select({ id: devices.id }).from(devices).where(eq(devices.identifier, identifier));
  await bindDevice({ db, ...vehicle, deviceRowId: seeded.id, vehicleId: null, actor: testActor });
  return vehicle;
};

const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000);
const teltonikaRecord = (time: Date, speedKmh: number) => ({
  time,
  fix: { latitude: 41.8781, longitude: -87.6298, altitude: 181, heading: 90, satellites: 11, speedKmh, hdop: 0.8 },
  io: { ignition: true, odometerMeters: 120_000_500, fuelPercent: 64, engineRpm: 1500, externalVolts: 13.9, ecuSpeedKmh: speedKmh },
});
const teltonika = () => connectTracker({ port: trackers.ports.teltonika!, timeoutMs: 3_000 });
const gt06 = () => connectTracker({ port: trackers.ports.gt06!, timeoutMs: 3_000 });
const positionsOf = (vehicleId: number) =>
  database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));

describe("Teltonika listener", () => {
  it("accepts a registered IMEI, stores the records and acknowledges their count only once they are committed", async () => {
    const device = await teltonika();
    device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    expect(await device.read(1)).toEqual(Buffer.from([0x01]));
    const records = [teltonikaRecord(minutesAgo(2), 72), teltonikaRecord(minutesAgo(1), 0)];
    device.send(encodeTeltonikaPacket({ records, codec: 0x8e }));
    expect((await device.read(4))?.readUInt32BE(0)).toBe(2);
    // The acknowledgement came after the commit: the rows are there the moment it arrives.
    const positions = await positionsOf(vehicleIds.teltonika);
    expect(positions).toHaveLength(2);
    expect(positions[0]).toMatchObject({ latitude: 41.8781, longitude: -87.6298, altitude: 181, heading: 90, satellites: 11, hdop: 0.8 });
    expect(positions[0].speed).toBeCloseTo(20, 5); // 72 km/h
    const stats = await database()
      .db.select()
      .from(vehicleStatSamples)
      .where(eq(vehicleStatSamples.vehicleId, vehicleIds.teltonika))
      .orderBy(asc(vehicleStatSamples.time));
    expect(stats.map((sample) => sample.engineState)).toEqual(["On", "Idle"]);
    expect(stats[0]).toMatchObject({ odometerMeters: 120_000_500, fuelPercent: 64, engineRpm: 1500, batteryMilliVolts: 13_900 });
    expect(stats[0].speed).toBeCloseTo(20, 5); // the ECU's 72 km/h, served as ecuSpeedMph
    device.end();
  });

  it("acknowledges a resent packet without storing its records twice", async () => {
    const device = await teltonika();
    device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    await device.read(1);
    const packet = encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(3), 30)] });
    device.send(packet);
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    device.send(packet);
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    expect(await positionsOf(vehicleIds.teltonika)).toHaveLength(3);
    device.end();
  });

  it("refuses an unregistered IMEI (0x00, closed, recorded as unclaimed); once claimed, its kept records are acknowledged and stored", async () => {
    const imei = "352093081234567";
    for (const attempt of [1, 2]) {
      const device = await teltonika();
      device.send(encodeTeltonikaImei(imei));
      expect(await device.read(1)).toEqual(Buffer.from([0x00]));
      expect(await device.closed()).toBe(true);
      const unclaimed = await findUnclaimedDevice({ db: database().db, identifier: imei });
      expect(unclaimed).toMatchObject({ protocol: "teltonika", remoteAddress: "127.0.0.1", connectionCount: attempt });
    }
    const { db } = database();
    const vehicle = await freeVehicleOf("demo-live-3");
    const claimed = await claimDevice({ db, ...vehicle, identifier: imei, vehicleId: vehicle.vehicleId, actor: testActor });
    expect(claimed).toMatchObject({ model: "teltonika", vehicleId: vehicle.vehicleId });
    expect(await db.select().from(unclaimedDevices).where(eq(unclaimedDevices.identifier, imei))).toEqual([]);
    const device = await teltonika();
    device.send(encodeTeltonikaImei(imei));
    expect(await device.read(1)).toEqual(Buffer.from([0x01]));
    device.send(encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(5), 50)] }));
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    expect(await positionsOf(vehicle.vehicleId)).toHaveLength(1);
    device.end();
  });

  it("closes a connection that sends a corrupted packet, and only that one", async () => {
    const good = await teltonika();
    good.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    await good.read(1);
    const bad = await teltonika();
    bad.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    await bad.read(1);
    const corrupted = encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(4), 10)] });
    corrupted[20] ^= 0xff;
    bad.send(corrupted);
    expect(await bad.read(4)).toBeNull();
    expect(await bad.closed()).toBe(true);
    good.send(encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(4), 10)] }));
    expect((await good.read(4))?.readUInt32BE(0)).toBe(1);
    good.end();
  });

  it("closes a connection that announces an oversized packet", async () => {
    const device = await teltonika();
    device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    await device.read(1);
    device.send(Buffer.from("0000000000100000", "hex"));
    expect(await device.closed()).toBe(true);
  });
  it("acknowledges packets sent back to back in order, each with its count, reading on while the first commits", async () => {
    const device = await teltonika();
    device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
    expect(await device.read(1)).toEqual(Buffer.from([0x01]));
    const counts = [1, 2, 3, 4];
    const packets = counts.map((count, index) =>
      Array.from({ length: count }, (_, second) => teltonikaRecord(new Date(minutesAgo(40 - index).getTime() + second * 1_000), 30)),
    );
    const times = new Set(packets.flat().map((record) => record.time.getTime()));
    const stored = async () => (await positionsOf(vehicleIds.teltonika)).filter((position) => times.has(position.time.getTime()));
    device.send(Buffer.concat(packets.map((records) => encodeTeltonikaPacket({ records }))));
    expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
    // The later packets were handed to the queue while the first committed: they share its write.
    expect(await stored()).toHaveLength(10);
    for (const count of counts.slice(1)) expect((await device.read(4))?.readUInt32BE(0)).toBe(count);
    expect(device.pending).toBe(0);
    device.end();
  });

  it("closes the connection at a packet whose commit fails: the packets before it are acknowledged, nothing after it", async () => {
    const { db } = database();
    // The database refuses one altitude: the packet carrying it fails its commit, alone (the queue then writes each packet by itself).
    await db.execute(sql`alter table vehicle_positions add constraint refused_altitude check (altitude is distinct from 4242)`);
    try {
      const device = await teltonika();
      device.send(encodeTeltonikaImei(TELTONIKA_IMEI));
      expect(await device.read(1)).toEqual(Buffer.from([0x01]));
      const record = (minutes: number, altitude = 181) => {
        const base = teltonikaRecord(minutesAgo(minutes), 30);
        return { ...base, fix: { ...base.fix, altitude } };
      };
      const refused = record(48, 4242);
      const packets = [[record(50)], [record(49, 182), record(49.5)], [refused], [record(47)]];
      device.send(Buffer.concat(packets.map((records) => encodeTeltonikaPacket({ records }))));
      expect((await device.read(4))?.readUInt32BE(0)).toBe(1);
      expect((await device.read(4))?.readUInt32BE(0)).toBe(2);
      expect(await device.read(4)).toBeNull();
      expect(await device.closed()).toBe(true);
      expect(device.pending).toBe(0);
      const stored = await positionsOf(vehicleIds.teltonika);
      expect(stored.some((position) => position.time.getTime() === refused.time.getTime())).toBe(false);
    } finally {
      await db.execute(sql`alter table vehicle_positions drop constraint refused_altitude`);
    }
  });
});

describe("GT06 listener", () => {
  it("answers the login of a registered IMEI, stores GPS packets and answers status packets after their commit", async () => {
    const device = await gt06();
    device.send(encodeGt06Login(GT06_IMEI, 1));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.login, 1));
    const time = minutesAgo(1);
    device.send(encodeGt06Location({ time, fix: { latitude: 41.9, longitude: -87.7, speedKmh: 36, heading: 180, satellites: 9 }, io: { ignition: true } }, 2));
    device.send(encodeGt06Frame(GT06.status, Buffer.from([0x02, 0x06, 0x04, 0x00, 0x01]), 3)); // ACC on
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.status, 3));
    const [position] = await positionsOf(vehicleIds.gt06);
    expect(position).toMatchObject({ latitude: 41.9, longitude: -87.7, heading: 180, satellites: 9 });
    expect(position.time.getTime()).toBe(time.getTime());
    expect(position.speed).toBeCloseTo(10, 5);
    const stats = await database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleIds.gt06));
    expect(stats.map((sample) => sample.engineState)).toEqual(["On", "On"]);
    // The information packet's external voltage (no answer), then a GK310 heartbeat (0x23, ACC off: answered after both commit).
    device.send(encodeGt06Frame(GT06.info, Buffer.from([0x04, 0xeb]), 4));
    await new Promise((resolve) => setTimeout(resolve, 20)); // heartbeats are stamped on arrival: another millisecond
    device.send(encodeGt06Frame(GT06.heartbeat, Buffer.from([0xc0, 0x01, 0x22, 0x04, 0x00, 0x01]), 5));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.heartbeat, 5));
    const later = await database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleIds.gt06));
    expect(later.map((sample) => [sample.batteryMilliVolts, sample.engineState])).toEqual(
      expect.arrayContaining([
        [12_590, null],
        [null, "Off"],
      ]),
    );
    device.end();
  });

  it("answers status packets sent back to back in order, reading on while the packets before them commit", async () => {
    const device = await gt06();
    device.send(encodeGt06Login(GT06_IMEI, 1));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.login, 1));
    const times = [minutesAgo(40), minutesAgo(39)];
    const location = (time: Date, serial: number) =>
      encodeGt06Location({ time, fix: { latitude: 41.9, longitude: -87.7, speedKmh: 36, heading: 180, satellites: 9 }, io: { ignition: true } }, serial);
    const status = (serial: number) => encodeGt06Frame(GT06.status, Buffer.from([0x02, 0x06, 0x04, 0x00, 0x01]), serial);
    device.send(Buffer.concat([location(times[0], 2), status(3), location(times[1], 4), status(5)]));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.status, 3));
    // The second location was handed to the queue while the first committed: it shares its write.
    const stored = (await positionsOf(vehicleIds.gt06)).filter((position) => times.some((time) => time.getTime() === position.time.getTime()));
    expect(stored).toHaveLength(2);
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.status, 5));
    expect(device.pending).toBe(0);
    device.end();
  });

  it("gives an unregistered IMEI no login answer, closes and records it; once claimed, its login is answered and its resend stored", async () => {
    const imei = "868120309999999";
    const refused = await gt06();
    refused.send(encodeGt06Login(imei, 1));
    expect(await refused.read(10)).toBeNull();
    expect(await findUnclaimedDevice({ db: database().db, identifier: imei })).toMatchObject({ protocol: "gt06", connectionCount: 1 });
    const { db } = database();
    const vehicle = await freeVehicleOf("demo-live-4");
    await claimDevice({ db, ...vehicle, identifier: imei, vehicleId: vehicle.vehicleId, actor: testActor });
    const device = await gt06();
    device.send(encodeGt06Login(imei, 1));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.login, 1));
    const time = minutesAgo(4);
    device.send(encodeGt06Location({ time, fix: { latitude: 41.95, longitude: -87.65, speedKmh: 20, heading: 90, satellites: 8 }, io: { ignition: true } }, 2));
    device.send(encodeGt06Frame(GT06.status, Buffer.from([0x02, 0x06, 0x04, 0x00, 0x01]), 3));
    expect(await device.read(10)).toEqual(encodeGt06Response(GT06.status, 3));
    expect((await positionsOf(vehicle.vehicleId)).map((position) => position.latitude)).toEqual([41.95]);
    device.end();
  });

  it("closes a connection whose first packet is not a login, or whose frame is malformed", async () => {
    const early = await gt06();
    early.send(encodeGt06Frame(GT06.status, Buffer.from([0x02, 0x06, 0x04, 0x00, 0x01]), 1));
    expect(await early.closed()).toBe(true);
    const garbage = await gt06();
    garbage.send(Buffer.from("GET / HTTP/1.1\r\n\r\n"));
    expect(await garbage.closed()).toBe(true);
  });
});

describe("connection limits", () => {
  it("refuses connections past the per-address cap and closes idle ones", async () => {
    const limited = await startTrackers({
      db: database().db,
      settings: { ...settings, teltonikaPort: 0, gt06Port: null, maxConnectionsPerAddress: 2, idleTimeoutMs: 300 },
    });
    try {
      const open = [
        await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 2_000 }),
        await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 2_000 }),
      ];
      const third = await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 2_000 });
      expect(await third.closed()).toBe(true);
      // The first two said nothing for longer than the idle timeout.
      for (const device of open) expect(await device.closed()).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe("connection limits across addresses and for slow frames", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("refuses connections past the global cap, counted over both listeners, and accepts again once one closes", async () => {
    const limited = await startTrackers({ db: database().db, settings: { ...settings, maxConnectionsPerAddress: 50, maxConnections: 3 } });
    const connect = (port: number | null) => connectTracker({ port: port!, timeoutMs: 1_000 });
    try {
      const open = [await connect(limited.ports.teltonika), await connect(limited.ports.teltonika), await connect(limited.ports.gt06)];
      const fourth = await connect(limited.ports.gt06);
      expect(await fourth.closed()).toBe(true);
      for (const device of open) expect(await device.closed()).toBe(false);
      open[0].end();
      await sleep(100);
      const again = await connect(limited.ports.teltonika);
      again.send(encodeTeltonikaImei(TELTONIKA_IMEI));
      expect(await again.read(1)).toEqual(Buffer.from([0x01]));
      for (const device of [...open, again]) device.end();
    } finally {
      await limited.close();
    }
  });

  it("closes a connection that never sends its handshake or login within the frame timeout", async () => {
    const limited = await startTrackers({ db: database().db, settings: { ...settings, frameTimeoutMs: 300 } });
    try {
      const silentTeltonika = await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 2_000 });
      const silentGt06 = await connectTracker({ port: limited.ports.gt06!, timeoutMs: 2_000 });
      expect(await silentTeltonika.closed()).toBe(true);
      expect(await silentGt06.closed()).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it("closes a half-sent handshake and a half-sent packet, even one trickled a byte at a time; a logged-in device between frames stays", async () => {
    const limited = await startTrackers({ db: database().db, settings: { ...settings, frameTimeoutMs: 400 } });
    try {
      const halfImei = await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 2_000 });
      halfImei.send(encodeTeltonikaImei(TELTONIKA_IMEI).subarray(0, 5));
      expect(await halfImei.closed()).toBe(true);

      const loggedIn = await connectTracker({ port: limited.ports.teltonika!, timeoutMs: 3_000 });
      loggedIn.send(encodeTeltonikaImei(TELTONIKA_IMEI));
      expect(await loggedIn.read(1)).toEqual(Buffer.from([0x01]));
      await sleep(800); // twice the frame timeout, between frames: still open
      loggedIn.send(encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(20), 40)] }));
      expect((await loggedIn.read(4))?.readUInt32BE(0)).toBe(1);
      const packet = encodeTeltonikaPacket({ records: [teltonikaRecord(minutesAgo(19), 41)] });
      let sent = 0;
      const trickle = setInterval(() => (sent < packet.length - 1 ? loggedIn.send(packet.subarray(sent, ++sent)) : undefined), 100);
      try {
        expect(await loggedIn.closed()).toBe(true);
        expect(sent).toBeLessThan(packet.length - 1);
      } finally {
        clearInterval(trickle);
      }

      const gt06Device = await connectTracker({ port: limited.ports.gt06!, timeoutMs: 2_000 });
      gt06Device.send(encodeGt06Login(GT06_IMEI, 1).subarray(0, 6));
      expect(await gt06Device.closed()).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
