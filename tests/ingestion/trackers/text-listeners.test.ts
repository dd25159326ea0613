import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
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

/** H02 and GPS103 end to end: a socket sends a device's text messages, the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
const H02_ID = "4210051415";
const GPS103_IMEI = "359710045559474";
let trackers: Trackers;
let key: string;
let vehicleIds: { h02: number; gps103: number };

beforeAll(async () => {
  const { db } = database();
  // One company with two vehicles, each carrying one of the trackers (no demo seed: it would cost seconds).
  const company = await createCompany({ db, input: { name: "Text Trackers", timeZone: "America/Chicago", distanceUnit: "mi" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const carry = async (identifier: string, model: "h02" | "gps103", serial: number) => {
    const vehicle = await createVehicle({ ...tenant, input: { name: `${model} van`, vin: makeVin({ wmi: "1FT", seed: serial, year: 2022 }) } });
    await registerDevice({ ...tenant, input: { identifier, model, vehicleId: vehicle.id } });
    return vehicle.id;
  };
  vehicleIds = { h02: await carry(H02_ID, "h02", 1), gps103: await carry(GPS103_IMEI, "gps103", 2) };
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  // Port 0: each listener takes a free port; Teltonika and GT06 stay off.
  trackers = await startTestTrackers({ db, ports: { h02Port: 0, gps103Port: 0 } });
});
afterAll(async () => trackers?.close());

const two = (value: number) => String(value).padStart(2, "0");
const hhmmss = (time: Date) => `${two(time.getUTCHours())}${two(time.getUTCMinutes())}${two(time.getUTCSeconds())}`;
const ddmmyy = (time: Date) => `${two(time.getUTCDate())}${two(time.getUTCMonth() + 1)}${two(time.getUTCFullYear() % 100)}`;
const text = (value: string) => Buffer.from(value, "latin1");
const positionsOf = (vehicleId: number) =>
  database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const statsOf = (vehicleId: number) =>
  database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));
const locationOf = async (vehicleId: number) => {
  const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key });
  expect(response.status).toBe(200);
  return response.body.data[0].location;
};

describe("H02 listener", () => {
  it("stores a V1 position and answers it only after the commit; the fleet API serves it; heartbeats are echoed", async () => {
    const device = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    const time = secondsAgo(30);
    // 41°52.6860'N 87°37.7880'W, 10 knots, course 90, ACC on (bit 10 set).
    device.send(text(`*HQ,${H02_ID},V1,${hhmmss(time)},A,4152.6860,N,08737.7880,W,10.00,090,${ddmmyy(time)},FFFFFFFF#\r\n`));
    const answer = (await device.read(`*HQ,${H02_ID},V4,V1,20260101000000#`.length))!.toString();
    expect(answer).toMatch(new RegExp(`^\\*HQ,${H02_ID},V4,V1,\\d{14}#$`));
    const [position] = await positionsOf(vehicleIds.h02);
    expect(position.latitude).toBeCloseTo(41.8781, 6);
    expect(position.longitude).toBeCloseTo(-87.6298, 6);
    expect(position.speed).toBeCloseTo((10 * 1.852) / 3.6, 5);
    expect(position.time.getTime()).toBe(time.getTime());
    expect((await statsOf(vehicleIds.h02)).map((sample) => sample.engineState)).toEqual(["On"]);
    const location = await locationOf(vehicleIds.h02);
    expect(location).toMatchObject({ time: time.toISOString(), heading: 90 });
    expect(location.latitude).toBeCloseTo(41.8781, 6);

    device.send(text(`*HQ,${H02_ID},HTBT,100#`));
    expect((await device.read(`*HQ,${H02_ID},HTBT#`.length))!.toString()).toBe(`*HQ,${H02_ID},HTBT#`);
    // A LINK message (no answer) then an NBR: the NBR's answer confirms both.
    const later = secondsAgo(10);
    device.send(text(`*HQ,${H02_ID},LINK,${hhmmss(secondsAgo(20))},15,0,84,0,0,${ddmmyy(later)},FFFFFBFF#`));
    device.send(text(`*HQ,${H02_ID},NBR,${hhmmss(later)},724,10,2,2,215,2135,123,215,2131,121,${ddmmyy(later)},FFFFFBFF#`));
    expect((await device.read(`*HQ,${H02_ID},V4,NBR,20260101000000#`.length))!.toString()).toMatch(/,V4,NBR,\d{14}#$/);
    expect((await statsOf(vehicleIds.h02)).map((sample) => sample.engineState)).toEqual(["On", "Off", "Off"]);
    device.end();
  });

  it("stores binary `$` records mixed with text messages on one connection; the heartbeat's answer confirms them", async () => {
    const device = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    const time = secondsAgo(5);
    // 41°52.6860'N 87°37.7880'W (flags 6: valid, north, west), 10 knots, course 90, ACC off (bit 10 clear); 32 bytes.
    const record = `24${H02_ID}${hhmmss(time)}${ddmmyy(time)}41526860060873778806010090fffffbffff0024`;
    device.send(Buffer.concat([Buffer.from(record, "hex"), text(`*HQ,${H02_ID},HTBT#`)]));
    expect((await device.read(`*HQ,${H02_ID},HTBT#`.length))!.toString()).toBe(`*HQ,${H02_ID},HTBT#`);
    const positions = await positionsOf(vehicleIds.h02);
    expect(positions.at(-1)!.time.getTime()).toBe(time.getTime());
    expect(positions.at(-1)!.speed).toBeCloseTo((10 * 1.852) / 3.6, 5);
    expect((await statsOf(vehicleIds.h02)).at(-1)!.engineState).toBe("Off");
    const location = await locationOf(vehicleIds.h02);
    expect(location).toMatchObject({ time: time.toISOString(), heading: 90 });
    expect(location.longitude).toBeCloseTo(-87.6298, 6);
    device.end();

    const unknown = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    unknown.send(Buffer.from(record.replace(H02_ID, "9999999998"), "hex"));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "9999999998" })).toMatchObject({ protocol: "h02" });
  });

  it("answers positions sent back to back in order, each once it and every one before it are stored", async () => {
    const device = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    const times = [404, 403, 402, 401, 400].map(secondsAgo);
    const position = (time: Date) => `*HQ,${H02_ID},V1,${hhmmss(time)},A,4152.6860,N,08737.7880,W,10.00,090,${ddmmyy(time)},FFFFFFFF#`;
    device.send(text(times.map(position).join("")));
    for (const [index] of times.entries()) {
      expect((await device.read(`*HQ,${H02_ID},V4,V1,20260101000000#`.length))!.toString()).toMatch(/,V4,V1,\d{14}#$/);
      const stored = (await positionsOf(vehicleIds.h02)).filter((row) => times.some((time) => time.getTime() === row.time.getTime()));
      expect(stored.length).toBeGreaterThanOrEqual(index + 1);
    }
    expect(device.pending).toBe(0);
    device.end();
  });

  it("does not answer an unknown device id: closed and listed as unclaimed; a message of another device closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    unknown.send(text(`*HQ,9999999999,V1,${hhmmss(secondsAgo(5))},A,4152.6860,N,08737.7880,W,0.00,0,${ddmmyy(secondsAgo(5))},FFFFFFFF#`));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "9999999999" })).toMatchObject({ protocol: "h02", connectionCount: 1 });

    const device = await connectTracker({ port: trackers.ports.h02!, timeoutMs: 5_000 });
    device.send(text(`*HQ,${H02_ID},HTBT#`));
    expect(await device.read(`*HQ,${H02_ID},HTBT#`.length)).not.toBeNull();
    device.send(text("*HQ,1111111111,HTBT#"));
    expect(await device.closed()).toBe(true);
  });
});

describe("text listeners between messages", () => {
  it("keep a device whose message ended with a line end open past the frame timeout (it is between messages, not inside one)", async () => {
    const quick = await startTestTrackers({ db: database().db, ports: { h02Port: 0, gps103Port: 0 }, frameTimeoutMs: 300 });
    try {
      const h02 = await connectTracker({ port: quick.ports.h02!, timeoutMs: 5_000 });
      h02.send(text(`*HQ,${H02_ID},HTBT#\r\n`));
      const gps103 = await connectTracker({ port: quick.ports.gps103!, timeoutMs: 5_000 });
      gps103.send(text(`##,imei:${GPS103_IMEI},A;\r\n`));
      expect(await h02.read(`*HQ,${H02_ID},HTBT#`.length)).not.toBeNull();
      expect((await gps103.read(4))?.toString()).toBe("LOAD");
      await new Promise((resolve) => setTimeout(resolve, 700));
      h02.send(text(`*HQ,${H02_ID},HTBT#`));
      gps103.send(text(`${GPS103_IMEI};`));
      expect(await h02.read(`*HQ,${H02_ID},HTBT#`.length)).not.toBeNull();
      expect((await gps103.read(2))?.toString()).toBe("ON");
      h02.end();
      gps103.end();
    } finally {
      await quick.close();
    }
  });
});

describe("GPS103 listener", () => {
  it("answers the login LOAD, stores reports (the local time made UTC), answers the heartbeat after their commit; the fleet API serves them", async () => {
    const device = await connectTracker({ port: trackers.ports.gps103!, timeoutMs: 5_000 });
    device.send(text(`##,imei:${GPS103_IMEI},A;`));
    expect((await device.read(4))!.toString()).toBe("LOAD");
    const time = secondsAgo(40);
    // The device's clock is three hours ahead of UTC (its local date and time), its fix time UTC.
    const local = new Date(time.getTime() + 3 * 3_600_000);
    const stamp = `${two(local.getUTCFullYear() % 100)}${two(local.getUTCMonth() + 1)}${two(local.getUTCDate())}${hhmmss(local)}`;
    device.send(text(`imei:${GPS103_IMEI},tracker,${stamp},,F,${hhmmss(time)}.000,A,4152.6860,N,08737.7880,W,20.00,180.5,,1,0,,,;`));
    const later = secondsAgo(20);
    const laterLocal = new Date(later.getTime() + 3 * 3_600_000);
    const laterStamp = `${two(laterLocal.getUTCFullYear() % 100)}${two(laterLocal.getUTCMonth() + 1)}${two(laterLocal.getUTCDate())}${hhmmss(laterLocal)}`;
    device.send(text(`imei:${GPS103_IMEI},acc off,${laterStamp},,F,${hhmmss(later)}.000,A,4153.0000,N,08737.0000,W,0.00,0,,0,0,,,;`));
    device.send(text(`${GPS103_IMEI};`));
    expect((await device.read(2))!.toString()).toBe("ON");
    const positions = await positionsOf(vehicleIds.gps103);
    expect(positions.map((position) => position.time.getTime())).toEqual([time.getTime(), later.getTime()]);
    expect(positions[0].speed).toBeCloseTo((20 * 1.852) / 3.6, 5);
    expect(positions[0].heading).toBeCloseTo(180.5, 5);
    expect((await statsOf(vehicleIds.gps103)).map((sample) => sample.engineState)).toEqual(["On", "Off"]);
    const location = await locationOf(vehicleIds.gps103);
    expect(location.time).toBe(later.toISOString());
    expect(location.latitude).toBeCloseTo(41.88333, 5);

    device.send(text(`imei:${GPS103_IMEI},help me,,,L,,,113b,,558f,,,,,0,0,,,;`));
    expect((await device.read(`**,imei:${GPS103_IMEI},E;`.length))!.toString()).toBe(`**,imei:${GPS103_IMEI},E;`);
    device.end();
  });

  it("gives an unknown IMEI no LOAD: closed and listed as unclaimed; a report before the login names the device", async () => {
    const unknown = await connectTracker({ port: trackers.ports.gps103!, timeoutMs: 5_000 });
    unknown.send(text("##,imei:359586015829802,A;"));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "359586015829802" })).toMatchObject({ protocol: "gps103" });

    const garbage = await connectTracker({ port: trackers.ports.gps103!, timeoutMs: 5_000 });
    garbage.send(text("GET / HTTP/1.1\r\n"));
    expect(await garbage.closed()).toBe(true);
  });
});
