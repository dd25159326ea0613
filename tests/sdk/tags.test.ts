import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

/** Samsara's Tag is `TinyTag & TagAllOf` (an interface extending two: the type reader reads each). */
const expectTagShape = (tag: unknown) => {
  expectSdkShape(tag, "TinyTag");
  expectSdkShape(tag, "TagAllOf");
};

const collectIds = async (pages: AsyncIterable<{ id?: string }>) => {
  const ids: string[] = [];
  for await (const item of pages) ids.push(item.id ?? "");
  return ids;
};

describe("tags through the SDK", () => {
  it("createTag, getTag, listTags, patchTag, replaceTag and delete, in Samsara's shapes", async () => {
    const { client } = createSdkClient(key);
    const [first, second] = (await client.vehicles.list({ limit: 2 })).data;
    const [driver] = (await client.drivers.list({ limit: 1 })).data;
    const parent = await client.tags.createTag({ name: "SDK region", externalIds: { crm: "R-1" } });
    expectTagShape(parent.data);
    const child = await client.tags.createTag({ name: "SDK depot", parentTagId: parent.data!.id, vehicles: [first.id], drivers: [driver.id!] });
    expect(child.data).toMatchObject({
      parentTagId: parent.data!.id,
      parentTag: { id: parent.data!.id, name: "SDK region" },
      vehicles: [{ id: first.id }],
      drivers: [{ id: driver.id }],
    });

    const read = await client.tags.getTag({ id: child.data!.id! });
    expectTagShape(read.data);
    expect(read.data?.name).toBe("SDK depot");
    const listed = await client.tags.listTags({ limit: 512 });
    expectSdkShape(listed.pagination, "PaginationResponse");
    for (const tag of listed.data ?? []) expectTagShape(tag);
    expect(listed.data?.map((tag) => tag.id)).toEqual(expect.arrayContaining([parent.data!.id, child.data!.id]));

    const patched = await client.tags.patchTag({ id: child.data!.id!, name: "SDK depot north" });
    expect(patched.data).toMatchObject({ name: "SDK depot north", vehicles: [{ id: first.id }] });
    const replaced = await client.tags.replaceTag({ id: child.data!.id!, name: "SDK depot north", vehicles: [second.id] });
    expect(replaced.data?.vehicles?.map((vehicle) => vehicle.id)).toEqual([second.id]);
    expect(replaced.data?.drivers).toEqual([]);

    await client.tags.delete({ id: child.data!.id! });
    await expect(client.tags.getTag({ id: child.data!.id! })).rejects.toMatchObject({ statusCode: 404 });
    await client.tags.delete({ id: parent.data!.id! });
  });

  it("a tag whose parent would make a cycle is a 400 naming parentTagId", async () => {
    const { client } = createSdkClient(key);
    const top = await client.tags.createTag({ name: "SDK top" });
    const below = await client.tags.createTag({ name: "SDK below", parentTagId: top.data!.id });
    await expect(client.tags.patchTag({ id: top.data!.id!, parentTagId: below.data!.id })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringContaining("parentTagId") },
    });
  });
});

describe("vehicles.update and the tag filters through the SDK", () => {
  it("vehicles.update changes the fields Samsara's SDK sends and answers Samsara.VehicleResponse", async () => {
    const { client } = createSdkClient(key);
    const tag = await client.tags.createTag({ name: "SDK update tag" });
    const [, , vehicle] = (await client.vehicles.list({ limit: 3 })).data;
    const updated = await client.vehicles.update({
      id: vehicle.id,
      licensePlate: "SDK 123",
      notes: "updated through the SDK",
      externalIds: { maintenanceId: "250020" },
      tagIds: [tag.data!.id!],
    });
    expectSdkShape(updated, "VehicleResponse");
    expect(updated.data).toMatchObject({ id: vehicle.id, licensePlate: "SDK 123", notes: "updated through the SDK", externalIds: { maintenanceId: "250020" } });
    expect(updated.data.tags?.map((t) => t.id)).toEqual([tag.data!.id]);
    await expect(client.vehicles.update({ id: vehicle.id, vin: "1M8GDM9A1KP042788" })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringContaining("vin") },
    });
  });

  it("vehicles.update with odometerMeters and engineHours sets the readings the stats answer; attributes (not kept) are a 400 naming them", async () => {
    const { client } = createSdkClient(key);
    const [, , , vehicle] = (await client.vehicles.list({ limit: 4 })).data;
    const updated = await client.vehicles.update({ id: vehicle.id, odometerMeters: 98_765_432, engineHours: 100 });
    expectSdkShape(updated, "VehicleResponse");
    const stats = await client.vehicleStats.getVehicleStats({ vehicleIds: vehicle.id, types: ["obdOdometerMeters", "obdEngineSeconds"] });
    expect(stats.data[0].obdOdometerMeters?.value).toBe(98_765_432);
    expect(stats.data[0].obdEngineSeconds?.value).toBe(360_000);
    await expect(client.vehicles.update({ id: vehicle.id, attributes: [{ name: "Color", stringValues: ["red"] }] })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringContaining("attributes") },
    });
  });

  it("vehicles.list honours tagIds and parentTagIds (each: the tag and every tag below it)", async () => {
    const { client } = createSdkClient(key);
    const [a, b] = (await client.vehicles.list({ limit: 6 })).data.slice(4);
    const parent = await client.tags.createTag({ name: "SDK filter parent", vehicles: [a.id] });
    const child = await client.tags.createTag({ name: "SDK filter child", parentTagId: parent.data!.id, vehicles: [b.id] });
    expect((await collectIds(await client.vehicles.list({ tagIds: parent.data!.id }))).sort()).toEqual([a.id, b.id].sort());
    expect(await collectIds(await client.vehicles.list({ tagIds: child.data!.id }))).toEqual([b.id]);
    expect((await collectIds(await client.vehicles.list({ parentTagIds: parent.data!.id }))).sort()).toEqual([a.id, b.id].sort());
    expect(await collectIds(await client.drivers.list({ tagIds: parent.data!.id }))).toEqual([]);
  });
});
