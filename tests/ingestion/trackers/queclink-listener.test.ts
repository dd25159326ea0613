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

/** Queclink end to end: a socket sends a device's @Track messages, the rows are stored, and the fleet API serves them. */
const database = useTestDatabase();
const IMEI = "862894020180553";
let trackers: Trackers;
let key: string;
let vehicleId: number;

beforeAll(async () => {
  const { db } = database();
  const company = await createCompany({ db, input: { name: "Queclink Fleet", timeZone: "America/La_Paz", distanceUnit: "km" }, actor: testActor });
  const tenant = { db, companyId: company.id, dataset: "live" as const, actor: testActor };
  const vehicle = await createVehicle({ ...tenant, input: { name: "GV300 van", vin: makeVin({ wmi: "1FT", seed: 3, year: 2023 }) } });
  await registerDevice({ ...tenant, input: { identifier: IMEI, model: "queclink", vehicleId: vehicle.id } });
  vehicleId = vehicle.id;
  ({ key } = await createTestApiKey({ db, companyId: company.id }));
  trackers = await startTestTrackers({ db, ports: { queclinkPort: 0 } });
});
afterAll(async () => trackers?.close());

/** `yyyyMMddHHmmss` of `time` in a zone `offsetHours` from UTC, as the device writes its send time. */
const stamp = (time: Date, offsetHours = 0) => new Date(time.getTime() + offsetHours * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
const text = (value: string) => Buffer.from(value, "latin1");
const positions = () => database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId)).orderBy(asc(vehiclePositions.time));
const stats = () => database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicleId)).orderBy(asc(vehicleStatSamples.time));

describe("Queclink listener", () => {
  it("answers the heartbeat, stores a GTFRI (fix, voltage, mileage, hours, ignition) and SACKs it after the commit; the fleet API serves it", async () => {
    const device = await connectTracker({ port: trackers.ports.queclink!, timeoutMs: 15_000 });
    device.send(text(`+ACK:GTHBD,060228,${IMEI},,${stamp(secondsAgo(60), -4)},0001$`));
    expect((await device.read("+SACK:GTHBD,060228,0001$".length))!.toString()).toBe("+SACK:GTHBD,060228,0001$");

    const time = secondsAgo(40);
    // The device's clock is UTC-4 (its send time); the fix time is UTC.
    device.send(
      text(
        `+RESP:GTFRI,060228,${IMEI},,14827,10,1,1,54.0,199,409.6,-63.174466,-17.739317,${stamp(time)},0736,0003,6AD4,3471,00,` +
          `15989.5,01070:43:13,13,180,0,220101,,,,${stamp(time, -4)},00A1$\r\n`,
      ),
    );
    expect((await device.read("+SACK:00A1$".length))!.toString()).toBe("+SACK:00A1$");
    const [position] = await positions();
    expect(position.time.getTime()).toBe(time.getTime());
    expect(position.latitude).toBeCloseTo(-17.739317, 6);
    expect(position.speed).toBeCloseTo(54 / 3.6, 5);
    const [sample] = await stats();
    expect(sample).toMatchObject({ engineState: "On", batteryMilliVolts: 14_827, gpsOdometerMeters: 15_989_500, engineSeconds: 3_854_593 });
    const response = await callFleet(locationsRoute.GET, `/fleet/vehicles/locations?vehicleIds=${vehicleId}`, { key });
    expect(response.status).toBe(200);
    expect(response.body.data[0].location).toMatchObject({ time: time.toISOString(), heading: 199 });

    // A kept ignition-off report without a fix, sent in the device's zone: stored at its send time made UTC with the zone learned above.
    const off = secondsAgo(20);
    device.send(text(`+BUFF:GTIGF,060228,${IMEI},,1958,0,,,,,,,0736,0003,6AD4,5A23,00,,936.8,${stamp(off, -4)},00A2$`));
    expect((await device.read("+SACK:00A2$".length))!.toString()).toBe("+SACK:00A2$");
    expect((await stats()).map((each) => [each.time.getTime(), each.engineState])).toEqual([
      [time.getTime(), "On"],
      [off.getTime(), "Off"],
    ]);
    device.end();
  });

  it("does not answer an unknown IMEI: closed and listed as unclaimed; another device's message, or the binary form, closes the connection", async () => {
    const unknown = await connectTracker({ port: trackers.ports.queclink!, timeoutMs: 15_000 });
    unknown.send(text("+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$"));
    expect(await unknown.closed()).toBe(true);
    expect(unknown.pending).toBe(0);
    expect(await findUnclaimedDevice({ db: database().db, identifier: "135790246811220" })).toMatchObject({ protocol: "queclink", connectionCount: 1 });

    const device = await connectTracker({ port: trackers.ports.queclink!, timeoutMs: 15_000 });
    device.send(text(`+ACK:GTHBD,060228,${IMEI},,${stamp(secondsAgo(5))},0002$`));
    expect(await device.read("+SACK:GTHBD,060228,0002$".length)).not.toBeNull();
    device.send(text("+RESP:GTPNA,F50201,866425030235982,GL300M,20190208124909,0BD5$"));
    expect(await device.closed()).toBe(true);

    const binary = await connectTracker({ port: trackers.ports.queclink!, timeoutMs: 15_000 });
    binary.send(Buffer.from("2b45565400020304", "hex"));
    expect(await binary.closed()).toBe(true);
  });
});
