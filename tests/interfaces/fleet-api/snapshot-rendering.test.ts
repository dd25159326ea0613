import { eq, sql } from "drizzle-orm";
import { faultCodes, vehicles } from "@/db/schema";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import { reverseGeocode } from "@/lib/telemetry/store/reverse-geocode";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

// The snapshot endpoints read times as epoch milliseconds, memoize formatting and geocoding and keep
// each vehicle's serialized record until its state changes; what a client sees must not change with that.
const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db, liveVehicles: 3 });
});
beforeEach(() => resetRateLimits(database().db));

const firstRecord = async (handler: typeof statsRoute.GET, path: string) => {
  const response = await callFleet(handler, path, { key: fixture.demo.key });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data[0];
};

describe("snapshot timestamps and places", () => {
  it("shows a microsecond-precise time truncated to the millisecond, as RFC 3339 UTC", async () => {
    const [vehicleId] = fixture.demo.vehicleIds;
    // As ingestion does, the change gets new change sequence numbers (what the record cache keys on).
    await database().db.execute(
      sql`update vehicle_state set location_time = '2026-03-04 05:06:07.891999+00', stats_time = '2026-03-04 05:06:08.000999+00',
            location_seq = location_seq + 1000, stats_seq = stats_seq + 1000 where vehicle_id = ${vehicleId}`,
    );
    const stats = await firstRecord(statsRoute.GET, "/fleet/vehicles/stats?types=gps,engineRpm");
    expect(stats.gps.time).toBe("2026-03-04T05:06:07.891Z");
    expect(stats.engineRpm.time).toBe("2026-03-04T05:06:08.000Z");
    const located = await firstRecord(locationsRoute.GET, "/fleet/vehicles/locations");
    expect(located.location.time).toBe("2026-03-04T05:06:07.891Z");
  });

  it("names the same place for a position however often it is asked, and distinct places for distinct positions", async () => {
    const first = await firstRecord(locationsRoute.GET, "/fleet/vehicles/locations");
    const again = await firstRecord(locationsRoute.GET, "/fleet/vehicles/locations");
    expect(again.location.reverseGeo).toEqual(first.location.reverseGeo);
    expect(reverseGeocode({ latitude: 41.881832, longitude: -87.623177 })).toMatch(/, Chicago, IL$/);
    expect(reverseGeocode({ latitude: 10.5, longitude: 20.25 })).toBe("10.50000, 20.25000");
    expect(reverseGeocode({ latitude: 10.500004, longitude: 20.25 })).toBe("10.50000, 20.25000");
    expect(reverseGeocode({ latitude: 10.500006, longitude: 20.25 })).toBe("10.50001, 20.25000");
  });
});

describe("snapshot records kept between requests", () => {
  const statsPath = "/fleet/vehicles/stats?types=engineRpm,gps,faultCodes";
  const recordOf = async (handler: typeof statsRoute.GET, path: string, vehicleId: number, version?: string) => {
    const response = await callFleet(handler, path, { key: fixture.demo.key, version });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.find((record: { id: string }) => record.id === String(vehicleId));
  };

  it("shows a vehicle's new position and readings as soon as it reports, and the others' unchanged", async () => {
    const [vehicleId, otherId] = fixture.demo.vehicleIds;
    const before = await recordOf(statsRoute.GET, statsPath, vehicleId);
    const otherBefore = await recordOf(statsRoute.GET, statsPath, otherId);
    const locationBefore = await recordOf(locationsRoute.GET, "/fleet/vehicles/locations", vehicleId);
    const time = new Date(Date.now() + 1000);
    await writeTelemetry({
      db: database().db,
      companyId: fixture.demo.companyId,
      dataset: "live",
      positions: [{ vehicleId, time, latitude: 41.95, longitude: -87.65, speed: 3, heading: 180 }],
      stats: [{ vehicleId, time, engineRpm: 2222 }],
    });
    const after = await recordOf(statsRoute.GET, statsPath, vehicleId);
    expect(after.engineRpm).toEqual({ time: time.toISOString(), value: 2222 });
    expect(after.gps).toMatchObject({ time: time.toISOString(), latitude: 41.95, longitude: -87.65, headingDegrees: 180, speed: 3 });
    expect(after).not.toEqual(before);
    expect(await recordOf(statsRoute.GET, statsPath, otherId)).toEqual(otherBefore);
    const locationAfter = await recordOf(locationsRoute.GET, "/fleet/vehicles/locations", vehicleId);
    expect(locationAfter.location).toMatchObject({ time: time.toISOString(), latitude: 41.95, longitude: -87.65, heading: 180, speed: 3 });
    expect(locationAfter.location.reverseGeo).not.toEqual(locationBefore.location.reverseGeo);
  });

  it("shows a renamed vehicle's new name, and fault codes as they appear and clear", async () => {
    const { db } = database();
    const [, , vehicleId] = fixture.demo.vehicleIds;
    expect((await recordOf(statsRoute.GET, statsPath, vehicleId)).faultCodes.j1939.diagnosticTroubleCodes).toEqual([]);
    await db.update(vehicles).set({ name: "Renamed truck" }).where(eq(vehicles.id, vehicleId));
    expect((await recordOf(statsRoute.GET, statsPath, vehicleId)).name).toBe("Renamed truck");
    expect((await recordOf(locationsRoute.GET, "/fleet/vehicles/locations", vehicleId)).name).toBe("Renamed truck");

    const [code] = await db
      .insert(faultCodes)
      .values({
        companyId: fixture.demo.companyId,
        dataset: "live",
        vehicleId,
        protocol: "j1939",
        spnId: 100,
        fmiId: 1,
        description: "Oil pressure low",
        firstSeenAt: fixture.now,
        lastSeenAt: fixture.now,
      })
      .returning({ id: faultCodes.id });
    expect((await recordOf(statsRoute.GET, statsPath, vehicleId)).faultCodes.j1939.diagnosticTroubleCodes).toMatchObject([{ spnId: 100, fmiId: 1 }]);
    await db.update(faultCodes).set({ occurrenceCount: 7 }).where(eq(faultCodes.id, code.id));
    expect((await recordOf(statsRoute.GET, statsPath, vehicleId)).faultCodes.j1939.diagnosticTroubleCodes).toMatchObject([{ occurrenceCount: 7 }]);
    await db.update(faultCodes).set({ clearedAt: new Date() }).where(eq(faultCodes.id, code.id));
    expect((await recordOf(statsRoute.GET, statsPath, vehicleId)).faultCodes.j1939.diagnosticTroubleCodes).toEqual([]);
  });

  it("keeps each version's and each set of types' own shape for the same vehicle", async () => {
    const [vehicleId] = fixture.demo.vehicleIds;
    const current = await recordOf(statsRoute.GET, "/fleet/vehicles/stats?types=gps,speed", vehicleId);
    const old = await recordOf(statsRoute.GET, "/fleet/vehicles/stats?types=gps,speed", vehicleId, "2023-06-01");
    const reordered = await recordOf(statsRoute.GET, "/fleet/vehicles/stats?types=speed", vehicleId);
    expect(Object.keys(current)).toEqual(["id", "name", "gps", "speed"]);
    expect(Object.keys(reordered)).toEqual(["id", "name", "speed"]);
    expect(old.gps.time).toBe(Date.parse(current.gps.time));
    expect(old.gps).toHaveProperty("speedMilesPerHour");
    expect(old.speed).toBeUndefined();
    expect(old.speedMilesPerHour.value).toBeCloseTo(current.speed.value * 2.236936, 2);
    const oldLocation = await recordOf(locationsRoute.GET, "/fleet/vehicles/locations", vehicleId, "2023-06-01");
    expect(typeof oldLocation.location.time).toBe("number");
    expect((await recordOf(locationsRoute.GET, "/fleet/vehicles/locations", vehicleId)).location.time).toBe(current.gps.time);
  });
});

describe("fault codes of a vehicle without active codes", () => {
  it("are stamped with the vehicle's latest ECU reading, not a made-up time", async () => {
    const [, vehicleId] = fixture.demo.vehicleIds;
    const response = await callFleet(statsRoute.GET, `/fleet/vehicles/stats?types=engineRpm,faultCodes&vehicleIds=${vehicleId}`, { key: fixture.demo.key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [record] = response.body.data;
    expect(record.faultCodes).toEqual({ time: record.engineRpm.time, j1939: { diagnosticTroubleCodes: [] }, obdii: { diagnosticTroubleCodes: [] } });
  });
});
