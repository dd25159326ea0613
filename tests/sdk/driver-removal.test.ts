import { describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

describe("removing drivers and signing them out through the SDK", () => {
  it("drivers.delete: a new driver without history is deleted (then 404); one with history is kept (409)", async () => {
    const { client } = createSdkClient(await mintKey());
    const created = await client.drivers.create({ name: "SDK Leaver", username: `sdk.leaver.${Date.now()}`, password: "unused-by-this-service" });
    await client.drivers.delete({ id: created.data!.id! });
    await expect(client.drivers.get({ id: created.data!.id! })).rejects.toMatchObject({ statusCode: 404 });
    const [first] = (await client.drivers.list({ limit: 1 })).data;
    await expect(client.drivers.delete({ id: first.id! })).rejects.toMatchObject({ statusCode: 409 });
  });

  it("drivers.postDriverRemoteSignout: answers the driver's name; another company's driver is 404", async () => {
    const { client } = createSdkClient(await mintKey());
    const [driver] = (await client.drivers.list({ limit: 1 })).data;
    const signedOut = await client.drivers.postDriverRemoteSignout({ driverId: driver.id! });
    expectSdkShape(signedOut, "DriverRemoteSignoutPostDriverRemoteSignoutResponseBody");
    expect(signedOut).toEqual({ driverName: driver.name });
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.drivers.postDriverRemoteSignout({ driverId: driver.id! })).rejects.toMatchObject({ statusCode: 404 });
  });
});
