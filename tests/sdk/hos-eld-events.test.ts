import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, keyAndFirstDriver, mintKey } from "./sdk-client";

const HOUR_MS = 3_600_000;
let key: string;
/** The fixture's first driver: on duty 12 hours ago, then 10 hours of driving (automatic), then off duty. */
let driverId: string;

beforeAll(async () => {
  ({ key, driverId } = await keyAndFirstDriver());
});

const lastHours = (hours: number) => ({ startTime: new Date(Date.now() - hours * HOUR_MS).toISOString(), endTime: new Date().toISOString() });

describe("ELD events through the SDK", () => {
  it("getHosEldEvents answers each driver's stored ELD records in Samsara's shape, with the rule's codes", async () => {
    const { client } = createSdkClient(key);
    const response = await client.betaApIs.getHosEldEvents({ ...lastHours(13), driverIds: driverId });
    expectSdkShape(response, "HosEldEventsGetHosEldEventsResponseBody");
    const [driver] = response.data;
    expect(driver.id).toBe(driverId);
    expect(driver.driverActivationStatus).toBe("active");
    // On duty (driver); the vehicle reports no engine miles or hours, so the missing-data-elements diagnostic is
    // logged (type 7 code 3, automatic) with its driving (automatic); off duty (driver): type 1, active.
    expect(driver.eldEvents.map((event) => [event.eldEventType, event.eldEventCode, event.eldEventRecordStatus, event.eldEventRecordOrigin])).toEqual([
      [1, 4, 1, 2],
      [7, 3, 1, 1],
      [1, 3, 1, 1],
      [1, 1, 1, 2],
    ]);
    expect(driver.eldEvents[2].location).toEqual({ latitude: 41.8, longitude: -87.6 });
    expect(driver.eldEvents[2].vehicle!.id).toEqual(expect.any(String));
  });

  it("pages the drivers with the cursor (at most 25 a page), and the range bounds the events", async () => {
    const { client } = createSdkClient(key);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const response = await client.betaApIs.getHosEldEvents({ ...lastHours(1), after, limit: 25 });
      expect(response.data.length).toBeLessThanOrEqual(25);
      seen.push(...response.data.map((driver) => driver.id));
      if (!response.pagination?.hasNextPage) break;
      after = response.pagination.endCursor;
    }
    const all = await client.drivers.list({ limit: 512 });
    expect(seen).toEqual(all.data.map((driver) => driver.id));
    const recent = await client.betaApIs.getHosEldEvents({ ...lastHours(1), driverIds: driverId });
    expect(recent.data[0].eldEvents).toEqual([]);
    await expect(client.betaApIs.getHosEldEvents({ ...lastHours(1), limit: 26 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("a driver's personal conveyance and yard moves are off until the carrier allows them (eldPcEnabled, eldYmEnabled)", async () => {
    const { client } = createSdkClient(key);
    const driver = (await client.drivers.list({ limit: 2 })).data[1];
    expect([driver.eldPcEnabled, driver.eldYmEnabled]).toEqual([false, false]);
    const updated = await client.drivers.update({ id: driver.id!, eldPcEnabled: true });
    expect([updated.data!.eldPcEnabled, updated.data!.eldYmEnabled]).toEqual([true, false]);
    await client.drivers.update({ id: driver.id!, eldPcEnabled: false });
  });

  it("answers 403 to a key without hos:read", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["vehicles:read"] }));
    await expect(client.betaApIs.getHosEldEvents(lastHours(1))).rejects.toMatchObject({ statusCode: 403 });
  });
});
