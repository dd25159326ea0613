import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

// The SDK suite's data (tests/helpers/fleet-fixture.ts): per tenant, a harsh brake (0.5 g) its last vehicle's device reported.
let key: string;
const since = () => new Date(Date.now() - 86_400_000).toISOString();

beforeAll(async () => {
  key = await mintKey();
});

describe("safety events through the SDK", () => {
  it("safety.getSafetyEventsV2 lists the device-reported events in Samsara's shape, and names one by id", async () => {
    const { client, sent } = createSdkClient(key);
    const page = await client.safety.getSafetyEventsV2({ includeAsset: true });
    expectSdkShape(page, "SafetyEventsV2GetSafetyEventsV2ResponseBody");
    expect(sent.at(-1)!.url.pathname).toBe("/safety-events");
    expect(page.data).toHaveLength(1);
    const [event] = page.data;
    expect(event).toMatchObject({ behaviorLabels: [{ label: "Braking" }], maxAccelerationGForce: 0.5, asset: { type: "vehicle" }, eventState: "needsReview" });
    expect(event.location).toMatchObject({ latitude: 41.85, longitude: -87.65 });
    const byId = await client.safety.getSafetyEventsV2({ safetyEventIds: [event.id] });
    expect(byId.data.map((found) => found.id)).toEqual([event.id]);
  });

  it("safety.getSafetyEventsV2Stream filters by behavior label; a key without safety:read is refused", async () => {
    const { client } = createSdkClient(key);
    const braking = await client.safety.getSafetyEventsV2Stream({ startTime: since(), behaviorLabels: ["Braking"] });
    expectSdkShape(braking, "SafetyEventsV2GetSafetyEventsV2StreamResponseBody");
    expect(braking.data).toHaveLength(1);
    expect((await client.safety.getSafetyEventsV2Stream({ startTime: since(), behaviorLabels: ["Crash"] })).data).toEqual([]);
    const narrow = createSdkClient(await mintKey({ scopes: ["vehicles:read"] })).client;
    await expect(narrow.safety.getSafetyEventsV2({})).rejects.toMatchObject({ statusCode: 403 });
  });
});
