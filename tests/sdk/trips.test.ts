import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

// The SDK suite's data (tests/helpers/fleet-fixture.ts): per tenant, one trip of its first vehicle 3 hours ago, with a speeding interval, and an idle after it.
let key: string;
const since = () => new Date(Date.now() - 86_400_000).toISOString();

beforeAll(async () => {
  key = await mintKey();
});

describe("trips, idling events and speeding intervals through the SDK", () => {
  it("trips.getTrips answers Samsara's shape, the asset expanded when asked, and pages by its cursor", async () => {
    const { client, sent } = createSdkClient(key);
    const page = await client.trips.getTrips({ startTime: since(), queryBy: "tripStartTime", includeAsset: true });
    expectSdkShape(page, "TripsGetTripsResponseBody");
    expect(page.data.length).toBeGreaterThan(0);
    const [trip] = page.data;
    expect(trip).toMatchObject({ completionStatus: "completed", asset: { type: "vehicle" }, startLocation: { address: { city: "Chicago" } } });
    expect(Date.parse(trip.tripEndTime!)).toBeGreaterThan(Date.parse(trip.tripStartTime));
    const only = await client.trips.getTrips({ startTime: since(), queryBy: "tripStartTime", ids: [trip.asset.id] });
    expect(only.data.every((found) => found.asset.id === trip.asset.id)).toBe(true);
    expect(sent.at(-1)!.url.pathname).toBe("/trips/stream");
  });

  it("idling.getIdlingEvents answers Samsara's shape", async () => {
    const { client } = createSdkClient(key);
    const page = await client.idling.getIdlingEvents({ startTime: since(), endTime: new Date().toISOString() });
    expectSdkShape(page, "AdvancedIdlingGetIdlingEventsResponseBody");
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data[0].durationMilliseconds).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it("speedingIntervals.getSpeedingIntervals lists trips with their intervals and the driver when asked", async () => {
    const { client } = createSdkClient(key);
    const page = await client.speedingIntervals.getSpeedingIntervals({ startTime: since(), queryBy: "tripStartTime", includeDriverId: true });
    expectSdkShape(page, "SpeedingIntervalsGetSpeedingIntervalsResponseBody");
    const withIntervals = page.data.filter((trip) => trip.intervals.length > 0);
    expect(withIntervals.length).toBeGreaterThan(0);
    expect(withIntervals[0].driverId).toEqual(expect.any(String));
    expect(withIntervals[0].intervals[0]).toMatchObject({
      maxSpeedKilometersPerHour: expect.any(Number),
      severityLevel: expect.stringMatching(/light|moderate|heavy|severe/),
    });
  });

  it("a sandbox key sees the sandbox's trips only, and a bad time is a 400", async () => {
    const live = await createSdkClient(key).client.trips.getTrips({ startTime: since(), queryBy: "tripStartTime" });
    const sandbox = await createSdkClient(await mintKey({ environment: "test" })).client.trips.getTrips({ startTime: since(), queryBy: "tripStartTime" });
    expect(sandbox.data.length).toBeGreaterThan(0);
    const liveIds = new Set(live.data.map((trip) => trip.asset.id));
    expect(sandbox.data.some((trip) => liveIds.has(trip.asset.id))).toBe(false);
    await expect(createSdkClient(key).client.trips.getTrips({ startTime: "yesterday" })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("trips by completion status through the SDK", () => {
  it("getTrips sends completionStatus and answers only trips of that status, in Samsara's shape", async () => {
    const { client, sent } = createSdkClient(key);
    const request = { startTime: since(), queryBy: "tripStartTime" } as const;
    const completed = await client.trips.getTrips({ ...request, completionStatus: "completed" });
    expect(sent.at(-1)!.url.searchParams.get("completionStatus")).toBe("completed");
    expect(completed.data.length).toBeGreaterThan(0);
    expect(completed.data.every((trip) => trip.completionStatus === "completed" && trip.tripEndTime !== undefined)).toBe(true);
    const inProgress = await client.trips.getTrips({ ...request, completionStatus: "inProgress" });
    expectSdkShape(inProgress, "TripsGetTripsResponseBody");
    expect(inProgress.data.every((trip) => trip.completionStatus === "inProgress" && trip.tripEndTime === undefined && trip.endLocation === undefined)).toBe(
      true,
    );
    const all = await client.trips.getTrips({ ...request, completionStatus: "all" });
    expect(all.data).toHaveLength(completed.data.length + inProgress.data.length);
  });
});
