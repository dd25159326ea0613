import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

// A tag tree of this file's own: "region" carries the first vehicle and driver, its child "depot"
// the second ones. tagIds or parentTagIds=region: both (a tag covers its child tags); depot: the second.
let key: string;
let region = "";
let depot = "";
let vehicles: string[] = [];
let drivers: string[] = [];
const lastHours = (hours: number) => ({ startTime: new Date(Date.now() - hours * 3_600_000).toISOString(), endTime: new Date().toISOString() });

beforeAll(async () => {
  key = await mintKey();
  const { client } = createSdkClient(key);
  vehicles = (await client.vehicles.list({ limit: 2 })).data.map((vehicle) => vehicle.id);
  drivers = (await client.drivers.list({ limit: 2 })).data.map((driver) => driver.id!);
  region = (await client.tags.createTag({ name: "SDK filter region", vehicles: [vehicles[0]], drivers: [drivers[0]] })).data!.id!;
  depot = (await client.tags.createTag({ name: "SDK filter depot", parentTagId: region, vehicles: [vehicles[1]], drivers: [drivers[1]] })).data!.id!;
});

afterAll(async () => {
  const { client } = createSdkClient(key);
  await client.tags.delete({ id: depot });
  await client.tags.delete({ id: region });
});

const ids = (records: { id?: string }[]) => records.map((record) => record.id);

describe("tagIds and parentTagIds through the SDK", () => {
  it("vehicle locations: snapshot, feed and history answer the tagged vehicles only", async () => {
    const { client, sent } = createSdkClient(key);
    const snapshot = await client.vehicleLocations.getVehicleLocations({ tagIds: [region] });
    expectSdkShape(snapshot, "VehicleLocationsResponse");
    expect(ids(snapshot.data)).toEqual(vehicles);
    expect(sent.at(-1)!.url.searchParams.getAll("tagIds").join(",")).toBe(region);
    expect(ids((await client.vehicleLocations.getVehicleLocations({ tagIds: depot })).data)).toEqual([vehicles[1]]);
    expect(ids((await client.vehicleLocations.getVehicleLocations({ parentTagIds: region })).data)).toEqual(vehicles);
    expect(ids((await client.vehicleLocations.getVehicleLocationsFeed({ parentTagIds: [region] })).data)).toEqual(vehicles);
    const history = await client.vehicleLocations.getVehicleLocationsHistory({ ...lastHours(2), tagIds: depot });
    expectSdkShape(history, "VehicleLocationsListResponse");
    expect(ids(history.data)).toEqual([vehicles[1]]);
  });

  it("vehicle stats: snapshot, feed and history answer the tagged vehicles only", async () => {
    const { client } = createSdkClient(key);
    const snapshot = await client.vehicleStats.getVehicleStats({ types: "engineRpm", tagIds: region });
    expectSdkShape(snapshot, "VehicleStatsResponse");
    expect(ids(snapshot.data)).toEqual(vehicles);
    expect(ids((await client.vehicleStats.getVehicleStatsFeed({ types: "engineRpm", parentTagIds: region })).data)).toEqual(vehicles);
    expect(ids((await client.vehicleStats.getVehicleStatsHistory({ ...lastHours(2), types: "engineRpm", tagIds: depot })).data)).toEqual([vehicles[1]]);
  });

  it("vehicles, drivers and HOS clocks answer the tagged records; another company's tag matches nothing", async () => {
    const { client } = createSdkClient(key);
    expect(ids((await client.vehicles.list({ parentTagIds: region })).data)).toEqual(vehicles);
    expect(ids((await client.drivers.list({ tagIds: region })).data)).toEqual(drivers);
    expect(ids((await client.drivers.list({ tagIds: depot })).data)).toEqual([drivers[1]]);
    const clocks = await client.hoursOfService.getHosClocks({ parentTagIds: region });
    expect(clocks.data.map((clock) => clock.driver?.id)).toEqual(drivers);
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    expect((await other.vehicleLocations.getVehicleLocations({ tagIds: region })).data).toEqual([]);
  });
});
