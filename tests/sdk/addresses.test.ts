import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

describe("addresses through the SDK", () => {
  it("create, get, list, update and delete a circle and a polygon, in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const circle = await client.addresses.create({
      name: "SDK depot",
      formattedAddress: "1200 W Lake St, Chicago, IL",
      geofence: { circle: { latitude: 41.885, longitude: -87.66, radiusMeters: 150 } },
      externalIds: { crm: "sdk-1" },
    });
    expectSdkShape(circle, "AddressResponse");
    expect(circle.data.geofence.circle?.radiusMeters).toBe(150);
    const polygon = await client.addresses.create({
      name: "SDK yard",
      formattedAddress: "Loop, Chicago",
      geofence: {
        polygon: {
          vertices: [
            { latitude: 41.88, longitude: -87.64 },
            { latitude: 41.88, longitude: -87.62 },
            { latitude: 41.9, longitude: -87.63 },
          ],
        },
      },
    });
    expect(polygon.data.geofence.polygon?.vertices).toHaveLength(3);
    const read = await client.addresses.get({ id: circle.data.id });
    expect(read.data).toEqual(circle.data);
    const ids: string[] = [];
    for await (const address of await client.addresses.list({ limit: 50 })) ids.push(address.id);
    expect(ids).toEqual(expect.arrayContaining([circle.data.id, polygon.data.id]));
    const updated = await client.addresses.update({
      id: circle.data.id,
      name: "SDK depot (moved)",
      geofence: { circle: { latitude: 41.886, longitude: -87.661, radiusMeters: 300 } },
    });
    expectSdkShape(updated, "AddressResponse");
    expect(updated.data).toMatchObject({ name: "SDK depot (moved)", geofence: { circle: { radiusMeters: 300 } } });
    await client.addresses.delete({ id: circle.data.id });
    await expect(client.addresses.get({ id: circle.data.id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a self-intersecting polygon is a 400 naming the field", async () => {
    const { client } = createSdkClient(key);
    const bowTie = [
      { latitude: 41.88, longitude: -87.64 },
      { latitude: 41.9, longitude: -87.62 },
      { latitude: 41.88, longitude: -87.62 },
      { latitude: 41.9, longitude: -87.64 },
    ];
    await expect(client.addresses.create({ name: "Bow tie", formattedAddress: "Nowhere", geofence: { polygon: { vertices: bowTie } } })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringContaining("geofence.polygon.vertices") },
    });
  });
});
