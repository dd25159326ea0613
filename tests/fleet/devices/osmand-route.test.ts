import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/ingest/osmand/route";
import { vehiclePositions, vehicleStatSamples } from "@/db/schema";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { vehicleOfDevice } from "../../helpers/devices";

const database = useTestDatabase();

const positionsOf = async (vehicleId: number) => database().db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId));

describe("POST /ingest/osmand (Traccar Client)", () => {
  it("stores a point sent as Traccar Client sends it on the device's vehicle, speed converted from knots", async () => {
    const { db } = database();
    await seedTestCompanies({ db });
    const vehicle = await vehicleOfDevice({ db, identifier: "demo-live-1" });
    const timestamp = Math.floor(Date.now() / 1000) - 60;
    const response = await POST(
      new Request(
        `http://localhost/ingest/osmand?id=demo-live-1&lat=41.9145&lon=-87.6858&timestamp=${timestamp}&speed=10&bearing=270&altitude=180&accuracy=5&batt=87`,
        { method: "POST" },
      ),
    );
    expect(response.status).toBe(200);
    const [point] = await positionsOf(vehicle.id);
    expect(point).toMatchObject({
      latitude: 41.9145,
      longitude: -87.6858,
      heading: 270,
      altitude: 180,
      accuracy: 5,
      battery: 87,
      companyId: vehicle.companyId,
    });
    expect(point.time.getTime()).toBe(timestamp * 1000);
    expect(point.speed).toBeCloseTo(5.144, 2);
  });

  it("accepts GET, a form body, ISO timestamps and the JSON shape of newer Traccar Client versions", async () => {
    const { db } = database();
    const vehicle = await vehicleOfDevice({ db, identifier: "demo-live-2" });
    const iso = new Date(Date.now() - 120_000).toISOString();
    expect((await GET(new Request(`http://localhost/ingest/osmand?id=demo-live-2&lat=41.90&lon=-87.70&timestamp=${encodeURIComponent(iso)}`))).status).toBe(
      200,
    );
    const form = new Request("http://localhost/ingest/osmand", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=demo-live-2&lat=41.91&lon=-87.70&timestamp=${Date.now() - 60_000}`,
    });
    expect((await POST(form)).status).toBe(200);
    const json = new Request("http://localhost/ingest/osmand", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        device_id: "demo-live-2",
        location: {
          timestamp: new Date(Date.now() - 30_000).toISOString(),
          coords: { latitude: 41.92, longitude: -87.7, speed: 3, heading: 90 },
          battery: { level: 0.5 },
        },
      }),
    });
    expect((await POST(json)).status).toBe(200);
    const points = (await positionsOf(vehicle.id)).sort((a, b) => a.time.getTime() - b.time.getTime());
    expect(points.map((p) => p.latitude)).toEqual([41.9, 41.91, 41.92]);
    expect(points[2].speed).toBeCloseTo(3, 3);
    expect(points[2].battery).toBe(50);
    // Distance is computed from the previous point when the device does not send one (0.01° ≈ 1.1 km).
    expect(points[1].distance).toBeGreaterThan(1000);
  });

  it("reads the other spellings Traccar's OsmAnd decoder takes: location=lat,lon, deviceid, heading, a plain UTC date, valid=false (issue 37.2)", async () => {
    const { db } = database();
    const vehicle = await vehicleOfDevice({ db, identifier: "demo-live-4" });
    const at = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000);
    const plain = (time: Date) => time.toISOString().slice(0, 19).replace("T", "+");
    const sends = [
      `deviceid=demo-live-4&timestamp=${at(5).getTime() / 1000}&location=60.0,30.0`,
      `id=demo-live-4&lat=60.01&lon=30.0&heading=45&timestamp=${plain(at(4))}`,
      // An invalid fix is not a position; its vehicle values are still stored.
      `id=demo-live-4&lat=0&lon=0&valid=false&ignition=true&timestamp=${at(3).getTime() / 1000}`,
    ];
    for (const query of sends) expect((await GET(new Request(`http://localhost/ingest/osmand?${query}`))).status).toBe(200);
    const points = (await positionsOf(vehicle.id)).sort((a, b) => a.time.getTime() - b.time.getTime());
    expect(points.map((point) => [point.latitude, point.longitude, point.heading])).toEqual([
      [60, 30, 0],
      [60.01, 30, 45],
    ]);
    expect(points[1].time).toEqual(at(4));
    const [sample] = await database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicle.id));
    expect(sample).toMatchObject({ time: at(3), engineState: "On" });
  });

  it("stores the vehicle values OBD apps send under Traccar's names as Samsara's stat types, with or without a fix", async () => {
    const { db } = database();
    const vehicle = await vehicleOfDevice({ db, identifier: "demo-live-5" });
    const time = Math.floor(Date.now() / 1000) - 90;
    const values =
      "ignition=true&rpm=933&fuelLevel=24&power=13.8&coolantTemp=88&engineLoad=31&obdSpeed=54" +
      "&obdOdometer=123456000&odometer=99000&hours=3600000&fuelUsed=12.5&in1=1&in2=false";
    const withFix = await GET(new Request(`http://localhost/ingest/osmand?id=demo-live-5&lat=40.72&lon=-74.0&speed=0&timestamp=${time}&${values}`));
    expect(withFix.status).toBe(200);
    const withoutFix = await GET(new Request(`http://localhost/ingest/osmand?id=demo-live-5&timestamp=${time + 30}&coolantTemp=90`));
    expect(withoutFix.status).toBe(200);
    const samples = (await database().db.select().from(vehicleStatSamples).where(eq(vehicleStatSamples.vehicleId, vehicle.id))).sort(
      (a, b) => a.time.getTime() - b.time.getTime(),
    );
    expect(samples[0]).toMatchObject({
      engineState: "Idle",
      engineRpm: 933,
      fuelPercent: 24,
      batteryMilliVolts: 13_800,
      engineCoolantTemperatureMilliC: 88_000,
      engineLoadPercent: 31,
      odometerMeters: 123_456_000,
      gpsOdometerMeters: 99_000,
      engineSeconds: 3600,
      fuelConsumedMilliliters: 12_500,
      auxInput1: true,
      auxInput2: false,
      auxInput3: null,
    });
    expect(samples[0].speed).toBeCloseTo(15, 5);
    expect(samples[1]).toMatchObject({ engineCoolantTemperatureMilliC: 90_000, engineRpm: null });
    expect(await positionsOf(vehicle.id)).toHaveLength(1);
    // Neither a fix nor a value: nothing to store.
    const empty = await GET(new Request(`http://localhost/ingest/osmand?id=demo-live-5&timestamp=${time + 60}`));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: expect.stringContaining("lat") });
  });

  it("answers 400 for an unknown device", async () => {
    const response = await POST(new Request("http://localhost/ingest/osmand?id=nobody&lat=41.9&lon=-87.7", { method: "POST" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining("Unknown device"), requestId: expect.any(String) });
  });

  it("answers 400 for a malformed latitude and stores nothing", async () => {
    const { db } = database();
    const vehicle = await vehicleOfDevice({ db, identifier: "demo-live-3" });
    for (const lat of ["abc", "91", ""]) {
      const response = await POST(new Request(`http://localhost/ingest/osmand?id=demo-live-3&lat=${lat}&lon=-87.7`, { method: "POST" }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringContaining("lat"), requestId: expect.any(String) });
    }
    expect(await positionsOf(vehicle.id)).toHaveLength(0);
  });
});
