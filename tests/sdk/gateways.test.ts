import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;

beforeAll(async () => {
  key = await mintKey();
});

describe("gateways through the SDK", () => {
  it("getGateways lists the demo's registered devices with the vehicle each reports for, in Samsara's shape", async () => {
    const { client } = createSdkClient(key);
    const page = await client.gateways.getGateways({ models: ["teltonika", "osmand"] });
    expectSdkShape(page, "GatewaysGetGatewaysResponseBody");
    expect(page.data.length).toBeGreaterThan(0);
    expect(new Set(page.data.map((gateway) => gateway.model))).toEqual(new Set(["teltonika", "osmand"]));
    const phone = page.data.find((gateway) => gateway.serial === "demo-live-1");
    expect(phone).toMatchObject({
      model: "osmand",
      asset: { id: expect.stringMatching(/^\d+$/), name: "DEMO-001" },
      connectionStatus: { healthStatus: expect.any(String) },
    });
  });

  it("postGateway registers a serial once (409 the second time), deleteGateway deactivates it", async () => {
    const { client } = createSdkClient(key);
    const serial = `SDK-${Date.now()}`;
    const created = await client.gateways.postGateway({ serial });
    expectSdkShape(created, "GatewaysPostGatewayResponseBody");
    expect(created.data).toEqual({ serial, model: "other", connectionStatus: { healthStatus: "Not Installed" } });
    await expect(client.gateways.postGateway({ serial })).rejects.toMatchObject({ statusCode: 409, body: { message: expect.stringContaining(serial) } });
    await client.gateways.deleteGateway({ id: serial });
    const serials: string[] = [];
    let after: string | undefined;
    do {
      const page = await client.gateways.getGateways({ models: "other", after });
      serials.push(...page.data.map((gateway) => gateway.serial));
      after = page.pagination.hasNextPage ? page.pagination.endCursor : undefined;
    } while (after);
    expect(serials).not.toContain(serial);
    await expect(client.gateways.deleteGateway({ id: serial })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("another company's serial is not found, and a key without gateways scopes is refused", async () => {
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    await expect(other.gateways.deleteGateway({ id: "demo-live-2" })).rejects.toMatchObject({ statusCode: 404 });
    const readOnly = createSdkClient(await mintKey({ scopes: ["vehicles:read"] })).client;
    await expect(readOnly.gateways.getGateways()).rejects.toMatchObject({ statusCode: 403 });
  });
});
