import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as locationsRoute from "@/app/fleet/vehicles/locations/route";
import * as statsRoute from "@/app/fleet/vehicles/stats/route";
import { reverseGeocode } from "@/lib/telemetry/reverse-geocode";
import { setupFleetFixture, type FleetFixture } from "../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../helpers/fleet-request";
import { useTestDatabase } from "../helpers/test-database";

// The snapshot endpoints read times as epoch milliseconds and memoize formatting and geocoding;
// what a client sees must not change with that.
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
    await database().db.execute(
      sql`update vehicle_state set location_time = '2026-03-04 05:06:07.891999+00', stats_time = '2026-03-04 05:06:08.000999+00' where vehicle_id = ${vehicleId}`,
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
