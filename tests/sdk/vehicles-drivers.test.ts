import type { Samsara } from "@samsarahq/samsara";
import { beforeAll, describe, expect, it } from "vitest";
import { SDK_VEHICLES } from "./sdk-fleet";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";
import { requiredKeysOf } from "./sdk-types";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

const collect = async <T>(pages: AsyncIterable<T>) => {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
};

describe("the SDK's type reader", () => {
  it("reads required keys from the installed SDK's definitions", () => {
    expect(requiredKeysOf("VehicleLocationsResponseData").sort()).toEqual(["id", "location", "name"]);
    expect(requiredKeysOf("VehicleResponseObjectResponseBody").sort()).toEqual(["createdAtTime", "id"]);
    expect(requiredKeysOf("HosViolationObjectResponseBody").sort()).toEqual(["day", "description", "driver", "durationMs", "type", "violationStartTime"]);
  });
});

describe("vehicles through the SDK", () => {
  it.each([7, 512])("vehicles.list auto-paginates every vehicle exactly once (limit %i)", async (limit) => {
    const { client, sent } = createSdkClient(key);
    const vehicles = await collect(await client.vehicles.list({ limit }));
    const ids = vehicles.map((vehicle) => vehicle.id);
    expect(ids).toHaveLength(SDK_VEHICLES);
    expect(new Set(ids).size).toBe(SDK_VEHICLES);
    expect(sent).toHaveLength(Math.ceil(SDK_VEHICLES / limit));
    for (const vehicle of vehicles) expectSdkShape(vehicle, "VehicleResponseObjectResponseBody");
  });

  it("vehicles.get returns the record as Samsara.VehicleResponse", async () => {
    const { client } = createSdkClient(key);
    const [first] = (await client.vehicles.list({ limit: 1 })).data;
    const response: Samsara.VehicleResponse = await client.vehicles.get({ id: first.id });
    expectSdkShape(response, "VehicleResponse");
    expect(response.data).toMatchObject({ id: first.id, name: first.name });
  });
});

describe("drivers through the SDK", () => {
  it("drivers.list auto-paginates every active driver exactly once, small and large pages", async () => {
    const { client } = createSdkClient(key);
    const small = await collect(await client.drivers.list({ limit: 9 }));
    const large = await collect(await client.drivers.list({ limit: 512 }));
    expect(small.length).toBeGreaterThanOrEqual(SDK_VEHICLES);
    expect(new Set(small.map((driver) => driver.id)).size).toBe(small.length);
    expect(small.map((driver) => driver.id)).toEqual(large.map((driver) => driver.id));
    for (const driver of small) expectSdkShape(driver, "Driver");
  });

  it("drivers.create, get and update round-trip; the filter by activation status is understood", async () => {
    const { client } = createSdkClient(key);
    // Samsara's SDK requires a driver-app password; the server accepts it and stores nothing of it.
    const created = await client.drivers.create({
      name: "Sdk Driver",
      username: `sdk-${Date.now()}`,
      password: "app-password-1",
      phone: "5550100",
      notes: "made by the SDK",
    });
    expectSdkShape(created, "DriverResponse");
    const id = created.data!.id!;
    expect(created.data).toMatchObject({ name: "Sdk Driver", driverActivationStatus: "active" });
    expect(JSON.stringify(created)).not.toContain("app-password-1");

    const fetched = await client.drivers.get({ id });
    expect(fetched.data).toMatchObject({ id, notes: "made by the SDK" });

    const updated = await client.drivers.update({ id, notes: "patched by the SDK", driverActivationStatus: "deactivated" });
    expectSdkShape(updated, "DriverResponse");
    expect(updated.data).toMatchObject({ id, notes: "patched by the SDK", driverActivationStatus: "deactivated" });

    const deactivated = await collect(await client.drivers.list({ driverActivationStatus: "deactivated" }));
    expect(deactivated.map((driver) => driver.id)).toContain(id);
    const active = await collect(await client.drivers.list({ limit: 512 }));
    expect(active.map((driver) => driver.id)).not.toContain(id);
  });
});
