import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("the location-and-speed stream through the SDK", () => {
  it("getLocationAndSpeed: the vehicles' positions with speed, paged by the cursor; another company's ids match nothing", async () => {
    const { client } = createSdkClient(await mintKey());
    const [vehicle] = (await client.vehicles.list({ limit: 1 })).data;
    const range = { startTime: new Date(Date.now() - 2 * 3_600_000).toISOString(), endTime: new Date(Date.now() + 60_000).toISOString() };
    const first = await client.locationAndSpeed.getLocationAndSpeed({ ...range, ids: [vehicle.id], includeSpeed: true, limit: 2 });
    expectSdkShape(first, "LocationAndSpeedGetLocationAndSpeedResponseBody");
    expect(first.data).toHaveLength(2);
    expect(first.data.every((record) => record.asset.id === vehicle.id && typeof record.speed?.gpsSpeedMetersPerSecond === "number")).toBe(true);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = await client.locationAndSpeed.getLocationAndSpeed({
      ...range,
      ids: [vehicle.id],
      includeSpeed: true,
      limit: 2,
      after: first.pagination.endCursor,
    });
    expect(second.data.map((record) => record.happenedAtTime)).not.toContain(first.data[0].happenedAtTime);
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    expect((await other.locationAndSpeed.getLocationAndSpeed({ ...range, ids: vehicle.id })).data).toEqual([]);
  });
});
