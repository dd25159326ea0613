import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as listRoute from "@/app/safety-events/route";
import * as streamRoute from "@/app/safety-events/stream/route";
import { trackerTelemetry } from "@/lib/ingestion/trackers/tracker-telemetry";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
const now = new Date();
const at = (secondsAgo: number) => new Date(Math.floor(now.getTime() / 1000) * 1000 - secondsAgo * 1000);

type Event = {
  id: string;
  asset: { id: string; name?: string };
  behaviorLabels: { label: string }[];
  startMs: string;
  location: { latitude: number; longitude: number; headingDegrees: number; address?: { formattedAddress: string } };
  maxAccelerationGForce: number;
  speedMetersPerSecond: number | null;
  severity: string | null;
  source: string;
};
type Body = { data: Event[]; pagination: { endCursor: string; hasNextPage: boolean }; message?: string };

/** The events of the fixture's first vehicle (its last one has the fixture's own harsh brake). */
const list = async (query = "", key = fixture.demo.key) => {
  const response = await callFleet(listRoute.GET, `/safety-events${query}`, { key });
  const body = response.body as Body;
  return { status: response.status, body: { ...body, data: body.data.filter((event) => event.asset.id === String(fixture.demo.vehicleIds[0])) } };
};
const stream = async (query: string, key = fixture.demo.key) => {
  const response = await callFleet(streamRoute.GET, `/safety-events/stream?startTime=${at(3600).toISOString()}${query}`, { key });
  return { status: response.status, body: response.body as Body };
};

/** A Teltonika-like record decoded with a harsh brake at 0.85 g while moving, and a crash record without a fix. */
const report = (vehicleId: number) =>
  trackerTelemetry({
    vehicle: { companyId: fixture.demo.companyId, dataset: "live", vehicleId },
    records: [
      { time: at(60), fix: { latitude: 41.88, longitude: -87.63, speedKmh: 72, heading: 90 }, io: {}, events: [{ kind: "harshBraking", g: 0.85 }] },
      { time: at(30), io: { ignition: false }, events: [{ kind: "crash" }] },
    ],
    now,
  });

beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
  await ingestTelemetry({ db: database().db, batch: report(fixture.demo.vehicleIds[0]) });
});
beforeEach(() => resetRateLimits(database().db));

describe("device-reported safety events", () => {
  it("are stored from the tracker record's events with time, place, speed, peak g and severity, in Samsara's shape", async () => {
    const { status, body } = await list("?includeAsset=true");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    const [brake, crash] = body.data;
    expect(brake).toMatchObject({
      asset: { id: String(fixture.demo.vehicleIds[0]), name: expect.any(String) },
      behaviorLabels: [{ label: "Braking" }],
      startMs: at(60).toISOString(),
      location: { latitude: 41.88, longitude: -87.63, headingDegrees: 90 },
      maxAccelerationGForce: 0.85,
      severity: "severe",
      source: "device",
    });
    expect(brake.speedMetersPerSecond).toBeCloseTo(20);
    // No fix in the crash record: stored at the vehicle's latest known place (the fixture's newest fix), without a speed.
    expect(crash).toMatchObject({
      behaviorLabels: [{ label: "Crash" }],
      severity: "severe",
      speedMetersPerSecond: null,
      location: { latitude: expect.any(Number) },
    });
    expect((await list(`?safetyEventIds=${crash.id}`)).body.data.map((event) => event.id)).toEqual([crash.id]);
  });

  it("are stored once when the device resends its record", async () => {
    const result = await ingestTelemetry({ db: database().db, batch: report(fixture.demo.vehicleIds[0]) });
    expect(result.safetyEvents).toBe(0);
    expect((await list()).body.data).toHaveLength(2);
  });

  it("refuses an event for a vehicle the tenant does not own, writing nothing of the batch", async () => {
    const batch = report(fixture.other.vehicleIds[0]);
    await expect(ingestTelemetry({ db: database().db, batch: { events: batch.events } })).rejects.toThrow(/events\[0\]: unknown vehicle/);
    await expect(
      ingestTelemetry({ db: database().db, batch: { events: [{ ...batch.events![0], vehicleId: fixture.demo.vehicleIds[1], peakG: -1 }] } }),
    ).rejects.toThrow(/events\[0\]\.peakG/);
  });

  it("are another company's and the sandbox's to see only if theirs", async () => {
    for (const key of [fixture.other.key, fixture.sandbox.key]) {
      const { body } = await callFleet(listRoute.GET, "/safety-events", { key });
      // Each tenant sees its own fixture event only.
      expect((body as Body).data.map((event) => event.behaviorLabels[0].label)).toEqual(["Braking"]);
      expect((body as Body).data[0].asset.id).not.toBe(String(fixture.demo.vehicleIds[0]));
    }
  });
});

describe("GET /safety-events/stream", () => {
  it("filters by behavior label and vehicle, and pages with the cursor", async () => {
    expect((await stream("&behaviorLabels=Crash")).body.data.map((event) => event.behaviorLabels[0].label)).toEqual(["Crash"]);
    expect((await stream(`&assetIds=${fixture.demo.vehicleIds[1]}`)).body.data).toEqual([]);
    const first = await stream(`&limit=1&assetIds=${fixture.demo.vehicleIds[0]}`);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const second = await stream(`&limit=1&assetIds=${fixture.demo.vehicleIds[0]}&after=${encodeURIComponent(first.body.pagination.endCursor)}`);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.pagination.hasNextPage).toBe(false);
  });

  it("answers 400 for a label it does not store and a missing startTime", async () => {
    const bad = await stream("&behaviorLabels=Drowsy");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/behaviorLabels/);
    expect((await callFleet(streamRoute.GET, "/safety-events/stream", { key: fixture.demo.key })).status).toBe(400);
  });
});
