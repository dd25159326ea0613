import type { Samsara } from "@samsarahq/samsara";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, createSdkClient, expectSdkShape, mintKey } from "./sdk-client";
import { SDK_VEHICLES } from "./sdk-fleet";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

type ListPage<T> = { data: T[]; pagination: { endCursor: string; hasNextPage: boolean } };

/** Calls `fetchPage` with each endCursor as `after` until hasNextPage is false; the pages in order. */
const followCursor = async <T>(fetchPage: (after: string | undefined) => Promise<ListPage<T>>, maxPages = 20) => {
  const pages: ListPage<T>[] = [];
  let after: string | undefined;
  do {
    const page = await fetchPage(after);
    pages.push(page);
    after = page.pagination.endCursor;
  } while (pages.at(-1)!.pagination.hasNextPage && pages.length < maxPages);
  return pages;
};

const STAT_TYPES: Samsara.GetVehicleStatsRequestTypesItem[] = [
  "engineRpm",
  "fuelPercents",
  "obdOdometerMeters",
  "obdEngineSeconds",
  "engineStates",
  "gps",
  "faultCodes",
];
const SERIES_TYPES: Samsara.GetVehicleStatsFeedRequestTypesItem[] = [
  "engineRpm",
  "fuelPercents",
  "obdOdometerMeters",
  "obdEngineSeconds",
  "engineStates",
  "gps",
];
const lastHours = (hours: number) => ({ startTime: new Date(Date.now() - hours * 3_600_000).toISOString(), endTime: new Date().toISOString() });

describe("vehicle locations through the SDK", () => {
  it("getVehicleLocations pages every vehicle's latest location once (no limit: the default page of 50)", async () => {
    const { client } = createSdkClient(key);
    const pages = await followCursor((after) => client.vehicleLocations.getVehicleLocations({ after }));
    expect(pages).toHaveLength(2);
    const records = pages.flatMap((page) => page.data);
    expect(new Set(records.map((record) => record.id)).size).toBe(SDK_VEHICLES);
    for (const page of pages) expectSdkShape(page, "VehicleLocationsResponse");
    expect(pages.at(-1)!.pagination).toEqual({ endCursor: "", hasNextPage: false });
  });

  it("getVehicleLocationsFeed loops on `after` through the snapshot, then reports caught up", async () => {
    const { client } = createSdkClient(key);
    const pages = await followCursor((after) => client.vehicleLocations.getVehicleLocationsFeed({ after }));
    const ids = pages.flatMap((page) => page.data.map((record) => record.id));
    expect(ids).toHaveLength(SDK_VEHICLES);
    expect(new Set(ids).size).toBe(SDK_VEHICLES);
    for (const page of pages) expectSdkShape(page, "VehicleLocationsListResponse");
    const caughtUp = await client.vehicleLocations.getVehicleLocationsFeed({ after: pages.at(-1)!.pagination.endCursor });
    expect(caughtUp.data).toEqual([]);
    expect(caughtUp.pagination.hasNextPage).toBe(false);
    expect(caughtUp.pagination.endCursor).not.toBe("");
  });

  it("getVehicleLocationsHistory returns each asked vehicle's hour of fixes, oldest first", async () => {
    const { client, sent } = createSdkClient(key);
    const [first, second] = (await client.vehicles.list({ limit: 2 })).data;
    const history = await client.vehicleLocations.getVehicleLocationsHistory({ ...lastHours(2), vehicleIds: [first.id, second.id] });
    expectSdkShape(history, "VehicleLocationsListResponse");
    expect(history.data.map((record) => record.id)).toEqual([first.id, second.id]);
    for (const record of history.data) {
      expect(record.locations).toHaveLength(6);
      const times = record.locations.map((location) => location.time);
      expect([...times].sort()).toEqual(times);
    }
    // The SDK sends arrays as repeated keys: vehicleIds=…&vehicleIds=…
    expect(sent.at(-1)!.url.searchParams.getAll("vehicleIds")).toEqual([first.id, second.id]);
  });
});

describe("vehicle stats through the SDK", () => {
  it("getVehicleStats answers every type the SDK names (sent as repeated types=…), fault codes in Samsara's shape", async () => {
    const { client, sent } = createSdkClient(key);
    const pages = await followCursor((after) => client.vehicleStats.getVehicleStats({ after, types: STAT_TYPES }));
    expect(sent[0].url.searchParams.getAll("types")).toEqual(STAT_TYPES);
    for (const page of pages) expectSdkShape(page, "VehicleStatsResponse");
    const records = pages.flatMap((page) => page.data);
    expect(records).toHaveLength(SDK_VEHICLES);
    const withFaults = records.find((record) => (record.faultCodes?.j1939?.diagnosticTroubleCodes?.length ?? 0) > 0)!;
    expect(withFaults.faultCodes!.j1939!.diagnosticTroubleCodes![0]).toMatchObject({ spnId: 110, fmiId: 0, txId: 0, milStatus: 0 });
    expect(withFaults.faultCodes!.obdii!.diagnosticTroubleCodes![0].confirmedDtcs).toEqual([
      { dtcId: 0x0128, dtcShortCode: "P0128", dtcDescription: "Coolant thermostat" },
    ]);
    expect(records[0]).toMatchObject({ engineRpm: { value: 1250 }, fuelPercent: { value: 75 }, engineState: { value: "On" } });
  });

  it("list parameters arrive comma-separated (an SDK string), repeated (an SDK array) or indexed alike", async () => {
    const { client, sent } = createSdkClient(key);
    const [first, second] = (await client.vehicles.list({ limit: 2 })).data;
    const comma = await client.vehicleStats.getVehicleStats({ vehicleIds: `${first.id},${second.id}`, types: "engineRpm" });
    expect(sent.at(-1)!.url.searchParams.get("vehicleIds")).toBe(`${first.id},${second.id}`);
    const repeated = await client.vehicleStats.getVehicleStats({ vehicleIds: [first.id, second.id], types: ["engineRpm"] });
    // The indexed form (types[0]=…) comes from other generated clients (qs's default); the SDK nests objects that way.
    const indexed = await fetch(`${baseUrl()}/fleet/vehicles/stats?vehicleIds[0]=${first.id}&vehicleIds[1]=${second.id}&types[0]=engineRpm`, {
      headers: { Authorization: `Bearer ${key}` },
    }).then((response) => response.json() as Promise<Samsara.VehicleStatsResponse>);
    for (const body of [comma, repeated, indexed]) {
      expect(body.data.map((record) => record.id)).toEqual([first.id, second.id]);
      expect(Object.keys(body.data[0]).sort()).toEqual(["engineRpm", "id", "name"]);
    }
  });

  it("getVehicleStatsFeed loops through the snapshot to caught up; decorations are accepted and ignored", async () => {
    const { client } = createSdkClient(key);
    const pages = await followCursor((after) => client.vehicleStats.getVehicleStatsFeed({ after, types: SERIES_TYPES, decorations: ["engineRpm"] }));
    for (const page of pages) expectSdkShape(page, "VehicleStatsListResponse");
    const ids = pages.flatMap((page) => page.data.map((record) => record.id));
    expect(new Set(ids).size).toBe(SDK_VEHICLES);
    expect(ids).toHaveLength(SDK_VEHICLES);
    const caughtUp = await client.vehicleStats.getVehicleStatsFeed({ after: pages.at(-1)!.pagination.endCursor, types: SERIES_TYPES });
    expect(caughtUp).toMatchObject({ data: [], pagination: { hasNextPage: false } });
  });

  it("batteryMilliVolts and ecuSpeedMph: the latest reading in the snapshot, series in the feed and history", async () => {
    const { client } = createSdkClient(key);
    const types: Samsara.GetVehicleStatsRequestTypesItem[] = ["batteryMilliVolts", "ecuSpeedMph"];
    const [first] = (await client.vehicles.list({ limit: 1 })).data;
    const snapshot = await client.vehicleStats.getVehicleStats({ vehicleIds: [first.id], types });
    expectSdkShape(snapshot, "VehicleStatsResponse");
    // The fixture's last sample: 12,700 mV at 15 m/s.
    expect(snapshot.data[0]).toMatchObject({ batteryMilliVolts: { value: 12_700 }, ecuSpeedMph: { value: 33.55 } });
    const feed = await client.vehicleStats.getVehicleStatsFeed({ vehicleIds: [first.id], types });
    expectSdkShape(feed, "VehicleStatsListResponse");
    expect(feed.data[0].batteryMilliVolts![0].value).toBe(12_700);
    const history = await client.vehicleStats.getVehicleStatsHistory({ vehicleIds: [first.id], ...lastHours(2), types });
    expectSdkShape(history, "VehicleStatsListResponse");
    const volts = history.data[0].batteryMilliVolts!.map((reading) => reading.value);
    expect(Math.min(...volts)).toBeGreaterThanOrEqual(12_600);
    expect(Math.max(...volts)).toBeLessThanOrEqual(12_700);
    expect(history.data[0].ecuSpeedMph!.length).toBeGreaterThan(0);
  });

  it("the trackers' stat types (issue 38.8): temperatures, engine load, DEF level, GPS odometer and distance, fuel consumed", async () => {
    const { client } = createSdkClient(key);
    const types: Samsara.GetVehicleStatsRequestTypesItem[] = [
      "engineCoolantTemperatureMilliC",
      "ambientAirTemperatureMilliC",
      "engineLoadPercent",
      "defLevelMilliPercent",
      "gpsOdometerMeters",
      "gpsDistanceMeters",
      "fuelConsumedMilliliters",
    ];
    const [first] = (await client.vehicles.list({ limit: 1 })).data;
    const snapshot = await client.vehicleStats.getVehicleStats({ vehicleIds: [first.id], types });
    expectSdkShape(snapshot, "VehicleStatsResponse");
    // The fixture's last sample (the sixth).
    expect(snapshot.data[0]).toMatchObject({
      engineCoolantTemperatureMilliC: { value: 90_000 },
      ambientAirTemperatureMilliC: { value: 21_500 },
      engineLoadPercent: { value: 45 },
      defLevelMilliPercent: { value: 77_500 },
      gpsOdometerMeters: { value: 280_000 },
      gpsDistanceMeters: { value: 280_000 },
      fuelConsumedMilliliters: { value: 1_012_500 },
    });
    const feed = await client.vehicleStats.getVehicleStatsFeed({ vehicleIds: [first.id], types });
    expectSdkShape(feed, "VehicleStatsListResponse");
    expect(feed.data[0].engineLoadPercent!.map((reading) => reading.value)).toEqual([45]);
    const history = await client.vehicleStats.getVehicleStatsHistory({ vehicleIds: [first.id], ...lastHours(2), types });
    expectSdkShape(history, "VehicleStatsListResponse");
    const [series] = history.data;
    expect(series.engineCoolantTemperatureMilliC!.map((reading) => reading.value)).toEqual([85_000, 86_000, 87_000, 88_000, 89_000, 90_000]);
    expect(series.gpsOdometerMeters!.at(-1)!.value).toBe(280_000);
    expect(series.fuelConsumedMilliliters!.at(-1)!.value).toBe(1_012_500);
    expect(series.defLevelMilliPercent).toHaveLength(6);
  });

  it("the trackers' digital inputs as auxInput1..3 (issue 38.8): the latest state, each change in the feed, on or off per history bucket", async () => {
    const { client } = createSdkClient(key);
    const types: Samsara.GetVehicleStatsRequestTypesItem[] = ["auxInput1", "auxInput2", "auxInput3"];
    const [first] = (await client.vehicles.list({ limit: 1 })).data;
    const snapshot = await client.vehicleStats.getVehicleStats({ vehicleIds: [first.id], types });
    expectSdkShape(snapshot, "VehicleStatsResponse");
    // The fixture's inputs: 1 switched on at the fourth of six samples, 2 off throughout, 3 never reported.
    const [record] = snapshot.data;
    expect(record.auxInput1).toMatchObject({ name: "Input 1", value: true });
    expect(record.auxInput2).toMatchObject({ name: "Input 2", value: false });
    expect(record.auxInput3).toBeUndefined();
    const feed = await client.vehicleStats.getVehicleStatsFeed({ vehicleIds: [first.id], types });
    expectSdkShape(feed, "VehicleStatsListResponse");
    expect(feed.data[0].auxInput1!.map(({ name, value }) => ({ name, value }))).toEqual([{ name: "Input 1", value: true }]);
    const history = await client.vehicleStats.getVehicleStatsHistory({ vehicleIds: [first.id], ...lastHours(2), types });
    expectSdkShape(history, "VehicleStatsListResponse");
    const [series] = history.data;
    expect(series.auxInput1!.map((reading) => reading.value)).toEqual([false, false, false, true, true, true]);
    expect(series.auxInput2!.every((reading) => reading.name === "Input 2" && reading.value === false)).toBe(true);
    expect(series.auxInput3).toEqual([]);
  });

  it("getVehicleStatsHistory gives every vehicle its series over the range, paged by vehicle", async () => {
    const { client } = createSdkClient(key);
    const range = lastHours(2);
    const pages = await followCursor((after) => client.vehicleStats.getVehicleStatsHistory({ after, ...range, types: ["engineRpm", "gps"] }));
    for (const page of pages) expectSdkShape(page, "VehicleStatsListResponse");
    const records = pages.flatMap((page) => page.data);
    expect(new Set(records.map((record) => record.id)).size).toBe(SDK_VEHICLES);
    for (const record of records) {
      expect(record.engineRpm!.length).toBeGreaterThan(0);
      expect(record.gps!.length).toBeGreaterThan(0);
    }
  });
});
