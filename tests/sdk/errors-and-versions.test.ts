import { Samsara, SamsaraError } from "@samsarahq/samsara";
import { beforeAll, describe, expect, it } from "vitest";
import { CURRENT_API_VERSION } from "@/lib/platform/api-versions";
import { createSdkClient, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

/** The SamsaraError a call rejects with (its typed subclass where the SDK maps the status). */
const rejectionOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SamsaraError);
  return error as SamsaraError;
};

describe("errors surface as the SDK's typed errors", () => {
  it("401: an unknown key", async () => {
    const { client } = createSdkClient("svc_live_not-a-real-key");
    const listError = await rejectionOf(client.vehicles.list());
    expect(listError).toBeInstanceOf(Samsara.UnauthorizedError);
    expect(listError.statusCode).toBe(401);
    expect(listError.body).toMatchObject({ message: expect.any(String), requestId: expect.stringMatching(/^req_/) });
    expect((await rejectionOf(client.vehicleLocations.getVehicleLocations())).statusCode).toBe(401);
  });

  it("403: a key without the endpoint's scope", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["drivers:read"] }));
    const error = await rejectionOf(client.vehicleStats.getVehicleStats({ types: ["engineRpm"] }));
    expect(error.statusCode).toBe(403);
    expect(error.body).toMatchObject({ message: expect.stringContaining("vehicles:read") });
  });

  it("404: an unknown id, and another company's record", async () => {
    const { client } = createSdkClient(key);
    expect((await rejectionOf(client.vehicles.get({ id: "999999999" }))).statusCode).toBe(404);
    const other = createSdkClient(await mintKey({ company: "other" })).client;
    const [otherDriver] = (await other.drivers.list({ limit: 1 })).data;
    expect((await rejectionOf(client.drivers.get({ id: otherDriver.id! }))).statusCode).toBe(404);
  });

  it("429 on a burst past the Free plan's 5 requests/s, with Retry-After, which the SDK's retries honour", async () => {
    const { client } = createSdkClient(await mintKey({ company: "other" }));
    const burst = (maxRetries?: number) =>
      Promise.allSettled(Array.from({ length: 12 }, () => client.vehicles.list({ limit: 512 }, maxRetries === undefined ? {} : { maxRetries })));
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const unretried = await burst(0);
    const limited = unretried.flatMap((result) => (result.status === "rejected" ? [result.reason as SamsaraError] : []));
    expect(limited.length).toBeGreaterThan(0);
    for (const error of limited) {
      expect(error).toBeInstanceOf(Samsara.TooManyRequestsError);
      expect(Number(error.rawResponse!.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    }

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const retried = await burst();
    expect(retried.every((result) => result.status === "fulfilled")).toBe(true);
    // Requests past the bucket waited Retry-After (1 s, then again) before their retry succeeded.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe("versions and environments", () => {
  it("the SDK's X-Samsara-Version header is ignored, not rejected: we answer our own dated version", async () => {
    const { client, sent } = createSdkClient(key, { headers: { "X-Samsara-Version": "1999-01-01" } });
    const { rawResponse } = await client.vehicleLocations.getVehicleLocations().withRawResponse();
    expect(sent[0].headers.get("X-Samsara-Version")).toBe("1999-01-01");
    expect(rawResponse.headers.get("X-Service-Version")).toBe(CURRENT_API_VERSION);
    const defaults = createSdkClient(key);
    await defaults.client.vehicles.list({ limit: 1 });
    expect(defaults.sent[0].headers.get("X-Samsara-Version")).toBe("2025-06-11");
  });

  it("a svc_test_ key reads the sandbox fleet only", async () => {
    const sandboxKey = await mintKey({ environment: "test" });
    expect(sandboxKey.startsWith("svc_test_")).toBe(true);
    const { client } = createSdkClient(sandboxKey);
    const sandbox = await client.vehicles.list({ limit: 512 });
    const live = await createSdkClient(key).client.vehicles.list({ limit: 512 });
    expect(sandbox.data).toHaveLength(5);
    const liveIds = new Set(live.data.map((vehicle) => vehicle.id));
    expect(sandbox.data.some((vehicle) => liveIds.has(vehicle.id))).toBe(false);
  });
});
