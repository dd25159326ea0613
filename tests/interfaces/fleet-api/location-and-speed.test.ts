import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as streamRoute from "@/app/assets/location-and-speed/stream/route";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { writeTelemetry } from "../../helpers/telemetry";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
/** The assets with fixes: the vehicles and the first trailer. */
const reporting = () => fixture.demo.vehicleIds.length + 1;
beforeEach(() => resetRateLimits(database().db));

type StreamRecord = {
  asset: { id: string; externalIds?: object };
  happenedAtTime: string;
  location: { latitude: number; longitude: number; headingDegrees: number };
  speed?: { gpsSpeedMetersPerSecond: number; ecuSpeedMetersPerSecond?: number };
};
type Body = { data: StreamRecord[]; pagination: { endCursor: string; hasNextPage: boolean } };

const stream = async (query: string, key = fixture.demo.key) => {
  const response = await callFleet(streamRoute.GET, `/assets/location-and-speed/stream?${query}`, { key });
  return { status: response.status, body: response.body as Body };
};
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const closed = () => `startTime=${hoursAgo(2)}&endTime=${new Date(Date.now() + 60_000).toISOString()}`;

describe("GET /assets/location-and-speed/stream", () => {
  it("streams every position of the range in Samsara's shape, with GPS and ECU speed when asked", async () => {
    const response = await stream(`${closed()}&includeSpeed=true&limit=512`);
    expect(response.status).toBe(200);
    const { data, pagination } = response.body;
    // Vehicles and trailers: the fixture's first trailer reports too.
    expect(new Set(data.map((record) => Number(record.asset.id)))).toEqual(new Set([...fixture.demo.vehicleIds, fixture.demo.trailerIds[0]]));
    expect(data).toHaveLength(reporting() * 6);
    expect(pagination.hasNextPage).toBe(false);
    // The fixture's stat samples share the positions' instants and speeds (10 + i m/s).
    expect(data[0]).toEqual({
      asset: { id: expect.any(String) },
      happenedAtTime: expect.stringMatching(/Z$/),
      location: { latitude: expect.any(Number), longitude: expect.any(Number), headingDegrees: 90 },
      speed: { gpsSpeedMetersPerSecond: expect.any(Number), ecuSpeedMetersPerSecond: data[0].speed!.gpsSpeedMetersPerSecond },
    });
    expect((await stream(closed())).body.data[0].speed).toBeUndefined();
    expect((await stream(`${closed()}&includeExternalIds=true&limit=1`)).body.data[0].asset).toEqual({
      id: expect.any(String),
      externalIds: expect.any(Object),
    });
  });

  it("pages with the cursor, neither skipping nor repeating; ids narrow to those vehicles, another company's match nothing", async () => {
    const seen: string[] = [];
    const range = closed();
    let after = "";
    for (let page = 0; page < 20; page++) {
      const { body } = await stream(`${range}&limit=5${after}`);
      seen.push(...body.data.map((record) => `${record.asset.id}@${record.happenedAtTime}`));
      if (!body.pagination.hasNextPage) break;
      after = `&after=${encodeURIComponent(body.pagination.endCursor)}`;
    }
    expect(seen).toHaveLength(reporting() * 6);
    expect(new Set(seen).size).toBe(seen.length);
    const [first] = fixture.demo.vehicleIds;
    expect(new Set((await stream(`${closed()}&ids=${first}`)).body.data.map((record) => record.asset.id))).toEqual(new Set([String(first)]));
    expect((await stream(`${closed()}&ids=${fixture.other.vehicleIds[0]}`)).body.data).toEqual([]);
  });

  it("without endTime never ends: the cursor brings a point stored later, even one dated before the last call", async () => {
    const start = `startTime=${hoursAgo(2)}`;
    const first = await stream(`${start}&limit=512`);
    expect(first.body.data).toHaveLength(reporting() * 6);
    expect(first.body.pagination.endCursor).not.toBe("");
    const after = `&after=${encodeURIComponent(first.body.pagination.endCursor)}`;
    const again = await stream(`${start}${after}`);
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ data: [] });
    const late = new Date(Date.now() - 90 * 60_000);
    await writeTelemetry({
      db: database().db,
      companyId: fixture.demo.companyId,
      dataset: "live",
      positions: [{ vehicleId: fixture.demo.vehicleIds[1], time: late, latitude: 41.7, longitude: -87.7, speed: 5, heading: 180 }],
    });
    const next = await stream(`${start}${after}`);
    expect(next.body.data.map((record) => [record.asset.id, record.happenedAtTime])).toEqual([[String(fixture.demo.vehicleIds[1]), late.toISOString()]]);
  });

  it("refuses bad input with a 400 naming it", async () => {
    for (const [query, named] of [
      [`${closed()}&includeGeofenceLookup=true&includeHighFrequencyLocations=true`, "includeGeofenceLookup"],
      [`startTime=${hoursAgo(1)}&endTime=${hoursAgo(2)}`, "endTime"],
      [`startTime=yesterday`, "startTime"],
      [`${closed()}&ids=abc`, "ids"],
      [`${closed()}&includeSpeed=yes`, "includeSpeed"],
    ]) {
      const response = await stream(query);
      expect(response.status, query).toBe(400);
      expect((response.body as unknown as { message: string }).message).toContain(named);
    }
    const range = closed();
    const { body } = await stream(`${range}&limit=1`);
    expect((await stream(`${range}&limit=1&after=${encodeURIComponent(body.pagination.endCursor)}`)).status).toBe(200);
    expect((await stream(`startTime=${hoursAgo(3)}&after=${encodeURIComponent(body.pagination.endCursor)}`)).status).toBe(400);
  });
});
