import { beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, expectSdkShape, mintKey } from "./sdk-client";

let key: string;
beforeAll(async () => {
  key = await mintKey();
});

describe("trailers through the SDK", () => {
  it("createTrailer, getTrailer, updateTrailer, listTrailers and deleteTrailer, in Samsara's shapes; trailers are not vehicles", async () => {
    const { client } = createSdkClient(key);
    const created = await client.trailers.createTrailer({ name: "Trailer-123", licensePlate: "TRL 123", trailerSerialNumber: "SDK-TRAILER-1" });
    expectSdkShape(created, "TrailersCreateTrailerResponseBody");
    expect(created.data).toMatchObject({ name: "Trailer-123", licensePlate: "TRL 123", trailerSerialNumber: "SDK-TRAILER-1", enabledForMobile: true });
    const id = created.data.id;

    const updated = await client.trailers.updateTrailer({ id, notes: "Reefer", enabledForMobile: false });
    expectSdkShape(updated, "TrailersUpdateTrailerResponseBody");
    expect(updated.data).toMatchObject({ id, name: "Trailer-123", notes: "Reefer", enabledForMobile: false });
    const got = await client.trailers.getTrailer({ id });
    expectSdkShape(got, "TrailersGetTrailerResponseBody");
    expect(got.data.notes).toBe("Reefer");

    const listed = await client.trailers.listTrailers({ limit: 512 });
    expectSdkShape(listed, "TrailersListTrailersResponseBody");
    expect(listed.data.map((trailer) => trailer.id)).toContain(id);
    const vehicles = await client.vehicles.list({ limit: 512 });
    expect(vehicles.data.map((vehicle) => vehicle.id)).not.toContain(id);

    // The same serial number twice: a 409 naming it.
    await expect(client.trailers.createTrailer({ name: "Twin", trailerSerialNumber: "SDK-TRAILER-1" })).rejects.toMatchObject({
      statusCode: 409,
      body: { message: expect.stringContaining("SDK-TRAILER-1") },
    });

    await client.trailers.deleteTrailer({ id });
    await expect(client.trailers.getTrailer({ id })).rejects.toMatchObject({ statusCode: 404 });
    expect((await client.trailers.listTrailers({ limit: 512 })).data.map((trailer) => trailer.id)).not.toContain(id);
  });

  it("getTrailerStatsSnapshot, getTrailerStatsFeed and getTrailerStatsHistory: the tracker's gps and odometer", async () => {
    const { client } = createSdkClient(key);
    const [first] = (await client.trailers.listTrailers({ limit: 1 })).data;

    const snapshot = await client.trailers.getTrailerStatsSnapshot({ types: "gps,gpsOdometerMeters", trailerIds: first.id });
    expectSdkShape(snapshot, "TrailerStatsGetTrailerStatsSnapshotResponseBody");
    expect(snapshot.data).toHaveLength(1);
    const [stats] = snapshot.data;
    expect(stats).toMatchObject({ id: first.id, name: first.name, gpsOdometerMeters: { value: 530_000 } });
    expect(stats.gps).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number), speedMilesPerHour: expect.any(Number) });
    expectSdkShape(stats.gps, "TrailerStatGpsTypeResponseBody");

    const feed = await client.trailers.getTrailerStatsFeed({ types: "gps", trailerIds: first.id });
    expectSdkShape(feed, "TrailerStatsGetTrailerStatsFeedResponseBody");
    expect(feed.data[0].gps).toHaveLength(1);
    expect(feed.pagination.endCursor).not.toBe("");
    // Caught up: no change since.
    const next = await client.trailers.getTrailerStatsFeed({ types: "gps", trailerIds: first.id, after: feed.pagination.endCursor });
    expect(next.data).toEqual([]);

    const end = new Date(Date.now() + 60_000);
    const history = await client.trailers.getTrailerStatsHistory({
      types: "gps,gpsOdometerMeters",
      trailerIds: first.id,
      startTime: new Date(end.getTime() - 86_400_000).toISOString(),
      endTime: end.toISOString(),
    });
    expectSdkShape(history, "TrailerStatsGetTrailerStatsHistoryResponseBody");
    expect(history.data[0].gps!.length).toBeGreaterThan(1);
    expect(history.data[0].gpsOdometerMeters!.map((reading) => reading.value).at(-1)).toBe(530_000);
  });

  it("driverTrailerAssignments: create, get (in effect) and update (end), in Samsara's shapes; v1 trailer assignments list them", async () => {
    const { client } = createSdkClient(key);
    const [, , driver] = (await client.drivers.list({ limit: 3 })).data;
    const trailer = (await client.trailers.createTrailer({ name: "Assigned trailer" })).data;

    const created = await client.driverTrailerAssignments.createDriverTrailerAssignment({ driverId: driver.id!, trailerId: trailer.id });
    expectSdkShape(created, "TrailerAssignmentsCreateDriverTrailerAssignmentResponseBody");
    expect(created.data).toMatchObject({ driverId: driver.id, trailerId: trailer.id });

    const listed = await client.driverTrailerAssignments.getDriverTrailerAssignments({ driverIds: driver.id! });
    expectSdkShape(listed, "TrailerAssignmentsGetDriverTrailerAssignmentsResponseBody");
    expect(listed.data.map((assignment) => assignment.id)).toEqual([created.data.id]);
    expect(listed.data[0]).toMatchObject({ driver: { driverId: driver.id }, trailer: { trailerId: trailer.id } });

    const legacy = await client.trailerAssignments.v1GetFleetTrailerAssignments({ trailerId: Number(trailer.id) });
    expectSdkShape(legacy, "V1TrailerAssignmentsResponse");
    expect(legacy).toMatchObject({ id: Number(trailer.id), name: "Assigned trailer", trailerAssignments: [{ driverId: Number(driver.id) }] });
    const all = await client.trailerAssignments.v1GetAllTrailerAssignments({ limit: 512 });
    expectSdkShape(all, "InlineResponse2007");
    expect(all.trailers!.find((entry) => entry.id === Number(trailer.id))?.trailerAssignments).toHaveLength(1);

    const ended = await client.driverTrailerAssignments.updateDriverTrailerAssignment({ id: created.data.id, endTime: new Date().toISOString() });
    expectSdkShape(ended, "TrailerAssignmentsUpdateDriverTrailerAssignmentResponseBody");
    expect((await client.driverTrailerAssignments.getDriverTrailerAssignments({ driverIds: driver.id! })).data).toEqual([]);

    // An end in the future is refused with our body.
    await expect(
      client.driverTrailerAssignments.updateDriverTrailerAssignment({ id: created.data.id, endTime: new Date(Date.now() + 3_600_000).toISOString() }),
    ).rejects.toMatchObject({ statusCode: 400, body: { message: expect.stringContaining("endTime") } });
  });

  it("a key without trailers:write may read trailers but not change them", async () => {
    const { client } = createSdkClient(await mintKey({ scopes: ["trailers:read"] }));
    await expect(client.trailers.listTrailers()).resolves.toBeDefined();
    await expect(client.trailers.createTrailer({ name: "Refused" })).rejects.toMatchObject({ statusCode: 403 });
  });
});
