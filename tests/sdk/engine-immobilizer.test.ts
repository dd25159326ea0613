import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;

beforeAll(async () => {
  key = await mintKey();
});

describe("the engine immobilizer through the SDK", () => {
  it("updateEngineImmobilizerState queues a Teltonika's engine resume; getEngineImmobilizerStates reads the confirmed states", async () => {
    const { client } = createSdkClient(key);
    const trackers = await client.gateways.getGateways({ models: ["teltonika"] });
    const vehicleId = trackers.data[0].asset!.id!;
    await expect(
      client.betaApIs.updateEngineImmobilizerState({ id: Number(vehicleId), relayStates: [{ id: "relay1", isOpen: false }] }),
    ).resolves.toBeUndefined();
    const states = await client.betaApIs.getEngineImmobilizerStates({ vehicleIds: vehicleId, startTime: new Date(Date.now() - 3_600_000).toISOString() });
    expectSdkShape(states, "EngineImmobilizerGetEngineImmobilizerStatesResponseBody");
    // The e2e server's tracker listeners are off: the command waits for the device, so nothing is confirmed yet.
    expect(states.data).toEqual([]);
  });

  it("a vehicle whose device takes no commands (an OsmAnd phone) is a 409", async () => {
    const { client } = createSdkClient(key);
    const phones = await client.gateways.getGateways({ models: ["osmand"] });
    await expect(
      client.betaApIs.updateEngineImmobilizerState({ id: Number(phones.data[0].asset!.id), relayStates: [{ id: "relay1", isOpen: true }] }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
