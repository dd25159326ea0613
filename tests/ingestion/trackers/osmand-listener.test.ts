import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { createCompany } from "@/lib/access/companies/create-company";
import { registerDevice } from "@/lib/fleet/devices/device-bindings";
import { listDevices } from "@/lib/fleet/devices/list-devices";
import { findUnclaimedDevice } from "@/lib/fleet/devices/unclaimed-devices";
import { createVehicle } from "@/lib/fleet/vehicles";
import type { Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { makeVin } from "@/lib/runtime/seed/vin";
import { createTestApiKey } from "../../helpers/api-keys";
import { testActor } from "../../helpers/devices";
import { callFleet } from "../../helpers/fleet-request";
import { secondsAgo, startTestTrackers } from "../../helpers/tracker-listeners";
import { useTestDatabase } from "../../helpers/test-database";

/** The OsmAnd protocol on its own port (OSMAND_PORT, Traccar's 5055), end to end: HTTP requests → stored → the fleet API. */
const database = useTestDatabase();
const PHONE = "traccar-phone-1";
const TRACKER = "traccar-tracker-2";
let trackers: Trackers;
let key: string;
let tenant: { db: ReturnType<typeof database>["db"]; companyId: number; dataset: "live" };
const vehicleIds: Record<string, number> = {};

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "OsmAnd Port Fleet", timeZone: "Europe/Berlin", distanceUnit: "km" }, actor: testActor });
  tenant = { db, companyId: company.id, dataset: "live" };
  for (const [seed, identifier] of [PHONE, TRACKER].entries()) {
    const vehicle = await createVehicle({
      ...tenant,
      actor: testActor,
      input: { name: identifier, vin: makeVin({ wmi: "WDB", seed: 40 + seed, year: 2023 }) },
    });
    await registerDevice({ ...tenant, actor: testActor, input: { identifier, model: "osmand", vehicleId: vehicle.id } });
    vehicleIds[identifier] = vehicle.id;
  }
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { osmandPort: 0 }, lastMessages: { tickMs: 20, resolutionMs: 0 } });
});
afterAll(async () => {
  agent.destroy();
  await trackers?.close();
});

/** One keep-alive connection for every request, as Traccar Client keeps its own. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Sent = { method?: string; path: string; body?: string; contentType?: string };
const send = ({ method = "GET", path, body, contentType }: Sent) =>
  new Promise<{ status: number; text: string; socketPort: number | undefined }>((resolve, reject) => {
    const headers = body === undefined ? {} : { "Content-Type": contentType ?? "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) };
    const request = http.request({ host: "127.0.0.1", port: trackers.ports.osmand!, method, path, agent, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, text, socketPort: request.socket?.localPort }));
    });
    request.on("error", reject);
    request.end(body);
  });

const positionsOf = (identifier: string) =>
  tenant.db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleIds[identifier])).orderBy(asc(vehiclePositions.time));
const epoch = (time: Date) => time.getTime() / 1000;

describe("OsmAnd listener", () => {
  it("stores Traccar Client's reports (query string, form, JSON) over one connection, answers each 200 empty; the fleet API serves them", async () => {
    const first = secondsAgo(30);
    const sent = await send({ path: `/?id=${PHONE}&lat=52.52&lon=13.405&timestamp=${epoch(first)}&speed=10&bearing=90&altitude=34&batt=87` });
    expect(sent).toMatchObject({ status: 200, text: "" });
    // Another device on the same connection reports for its own vehicle, not the connection's first.
    const form = await send({
      method: "POST",
      path: "/",
      body: `id=${TRACKER}&location=48.137,11.575&timestamp=${epoch(secondsAgo(25))}&ignition=true&power=13.8`,
    });
    expect(form.status).toBe(200);
    const second = secondsAgo(20);
    const json = JSON.stringify({
      device_id: PHONE,
      location: { timestamp: second.toISOString(), coords: { latitude: 52.53, longitude: 13.41, speed: 5, heading: 180 }, battery: { level: 0.8 } },
    });
    const posted = await send({ method: "POST", path: "/", body: json, contentType: "application/json" });
    expect(posted.status).toBe(200);
    expect(new Set([sent.socketPort, form.socketPort, posted.socketPort]).size).toBe(1);

    const phone = await positionsOf(PHONE);
    expect(phone.map((row) => row.time.getTime())).toEqual([first.getTime(), second.getTime()]);
    expect(phone[0]).toMatchObject({ latitude: 52.52, longitude: 13.405, heading: 90, altitude: 34, battery: 87 });
    expect(phone[0].speed).toBeCloseTo((10 * 1852) / 3600, 5);
    expect(phone[1]).toMatchObject({ heading: 180, battery: 80 });
    expect(await positionsOf(TRACKER)).toMatchObject([{ latitude: 48.137, longitude: 11.575 }]);
    const [sample] = await tenant.db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleIds[TRACKER]));
    expect(sample).toMatchObject({ engineState: "On", batteryMilliVolts: 13_800 });

    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleIds[PHONE]}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: second.toISOString(), latitude: 52.53, longitude: 13.41, heading: 180 });
    await vi.waitFor(
      async () => {
        const [device] = await listDevices({ ...tenant, limit: 10, identifiers: [TRACKER] });
        expect(device.lastMessage).toMatchObject({ protocol: "osmand", kind: "OsmAnd location=" });
      },
      { timeout: 5_000 },
    );
  });

  it("answers an unknown device 400 with { message, requestId }, listed as unclaimed, and a bad parameter 400 naming it; stores neither", async () => {
    const unknown = await send({ path: `/?id=never-registered-9&lat=1&lon=2` });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toMatchObject({ message: expect.stringContaining("Unknown device"), requestId: expect.stringMatching(/^req_/) });
    expect(await findUnclaimedDevice({ db: tenant.db, identifier: "never-registered-9" })).toMatchObject({ protocol: "osmand" });

    const before = (await positionsOf(PHONE)).length;
    const bad = await send({ path: `/?id=${PHONE}&lat=91&lon=13` });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toContain("lat");
    const badTime = await send({ path: `/?id=${PHONE}&lat=52&lon=13&timestamp=yesterday` });
    expect(badTime.status).toBe(400);
    expect(JSON.parse(badTime.text).message).toContain("timestamp");
    expect(await positionsOf(PHONE)).toHaveLength(before);
  });

  it("refuses a body over 64 KB (413), a body that is not JSON (400) and a method other than GET or POST (400)", async () => {
    const big = await send({ method: "POST", path: "/", body: `id=${PHONE}&pad=${"x".repeat(70_000)}` });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).requestId).toMatch(/^req_/);
    const broken = await send({ method: "POST", path: "/", body: `{"device_id": "${PHONE}",`, contentType: "application/json" });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text).message).toContain("JSON");
    const put = await send({ method: "PUT", path: `/?id=${PHONE}&lat=52&lon=13`, body: "" });
    expect(put.status).toBe(400);
  });

  it("answers whatever a device sends 200 or a 4xx with { message, requestId }, never a 5xx, and goes on serving (fuzzed)", async () => {
    const keys = ["id", "deviceid", "lat", "lon", "location", "timestamp", "speed", "bearing", "valid", "batt", "rpm", "power", "in1", "odometer"];
    const value = fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom(PHONE, "", "1e308", "-0", "NaN", "2026-02-30 25:61:61", "52.5,13.4"));
    const query = fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString());
    const body = fc.oneof(fc.constant(""), fc.string(), fc.json(), query);
    // Raw request lines too: the targets Node's parser lets through and `new URL` does not take.
    const target = fc.oneof(
      query.map((text) => `/?${text}`),
      fc.constantFrom("http://[::1", "*", "//", "/?%zz", "http://a/?id=x"),
    );
    const rawAnswer = (line: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(trackers.ports.osmand!, "127.0.0.1");
        let text = "";
        socket.on("data", (chunk) => (text += chunk));
        socket.on("error", () => resolve(text));
        socket.on("end", () => resolve(text));
        // Written, not ended: the server closes the connection after its answer (a half-closed one it may close unanswered).
        socket.write(`GET ${line} HTTP/1.1\r\nHost: fleet\r\nConnection: close\r\n\r\n`);
      });
    await fc.assert(
      fc.asyncProperty(target, fc.option(body), fc.boolean(), async (path, sentBody, raw) => {
        if (raw) {
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(await rawAnswer(path))?.[1]);
          expect(status === 200 || (status >= 400 && status < 500), `GET ${path}: ${status}`).toBe(true);
          return;
        }
        const answer = await send(sentBody === null ? { path } : { method: "POST", path, body: sentBody });
        if (answer.status === 200) {
          expect(answer.text).toBe("");
          return;
        }
        expect(answer.status, `${path} ${sentBody}: ${answer.text}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${path} ${sentBody}: ${answer.text}`).toBeLessThan(500);
        expect(JSON.parse(answer.text)).toMatchObject({ message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
      }),
      { seed: 20_261_129, numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
    expect(await send({ path: `/?id=${PHONE}&lat=52.5&lon=13.4` })).toMatchObject({ status: 200 });
  });
});
