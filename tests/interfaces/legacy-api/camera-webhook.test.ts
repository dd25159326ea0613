import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as receiveSnapshot } from "@/app/api/v1/camera/snapshot/route";
import { cameraEvents, vehiclePositions } from "@/db/schema";
import { signCameraBody } from "@/lib/ingestion/camera/identify-camera-company";
import { listCameraEvents } from "@/lib/ingestion/camera/list-camera-events";
import { ensurePartitions } from "@/lib/telemetry/store/partitions";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { liveFleet } from "./legacy-fixtures";
import { call, expectError } from "./legacy-client";

const database = useTestDatabase();
const SECRET = "demo-camera-secret";
const PATH = "/api/v1/camera/snapshot";
let demoCompanyId = 0;
let fleet: Awaited<ReturnType<typeof liveFleet>> = [];
const capturedAt = new Date(Date.UTC(2026, 4, 3, 12, 0, 0));

beforeAll(async () => {
  const { db } = database();
  ({ demoCompanyId } = await seedTestCompanies({ db }));
  fleet = await liveFleet(db, demoCompanyId);
  await ensurePartitions({ db, from: capturedAt, to: capturedAt });
  const point = (minutesBefore: number, latitude: number) => ({
    companyId: demoCompanyId,
    vehicleId: fleet[0].id,
    time: new Date(capturedAt.getTime() - minutesBefore * 60_000),
    seq: 100 - minutesBefore,
    latitude,
    longitude: -87.6,
  });
  await db.insert(vehiclePositions).values([point(10, 41.8), point(2, 41.9), point(-5, 42.5)]);
});

const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: "evt-1",
  deviceId: "cam-77",
  vin: fleet[0].vin,
  kind: "snapshot",
  mediaUrl: "https://media.camera.example/evt-1.jpg",
  capturedAt: capturedAt.toISOString(),
  ...overrides,
});

const deliver = (body: string, signature: string | null = signCameraBody(SECRET, body)) =>
  call(receiveSnapshot, PATH, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(signature ? { "X-Camera-Signature": signature } : {}) },
  });

const rowsFor = async (eventId: string) =>
  (
    await database()
      .db.select({ n: count() })
      .from(cameraEvents)
      .where(and(eq(cameraEvents.companyId, demoCompanyId), eq(cameraEvents.eventId, eventId)))
  )[0].n;

describe("POST /api/v1/camera/snapshot", () => {
  it("stores the media reference against the vehicle with its position at capture time", async () => {
    const result = await deliver(JSON.stringify(event()));
    expect(result.status).toBe(201);
    expect(result.json).toMatchObject({ eventId: "evt-1", vehicleId: fleet[0].id, vin: fleet[0].vin, kind: "snapshot", latitude: 41.9, longitude: -87.6 });
    const gallery = await listCameraEvents({ db: database().db, companyId: demoCompanyId, dataset: "live", vehicleId: fleet[0].id });
    expect(gallery.map((e) => e.mediaUrl)).toEqual(["https://media.camera.example/evt-1.jpg"]);
  });

  it("answers a redelivered eventId with 200 and the first record, never a second row", async () => {
    const first = await deliver(JSON.stringify(event({ eventId: "evt-2" })));
    const again = await deliver(JSON.stringify(event({ eventId: "evt-2", mediaUrl: "https://media.camera.example/changed.jpg" })));
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const concurrent = await Promise.all([1, 2, 3].map(() => deliver(JSON.stringify(event({ eventId: "evt-3" })))));
    expect(concurrent.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await rowsFor("evt-2")).toBe(1);
    expect(await rowsFor("evt-3")).toBe(1);
  });

  it("finds the vehicle by device id when no VIN comes, and keeps unknown devices with no vehicle", async () => {
    const byDevice = await deliver(JSON.stringify(event({ eventId: "evt-4", vin: undefined, deviceId: fleet[1].deviceId })));
    expect(byDevice.json).toMatchObject({ vehicleId: fleet[1].id, vin: fleet[1].vin, latitude: null });
    const unknown = await deliver(JSON.stringify(event({ eventId: "evt-5", vin: undefined, deviceId: "cam-unknown", kind: "video" })));
    expect(unknown.status).toBe(201);
    expect(unknown.json).toMatchObject({ vehicleId: null, vin: null, kind: "video" });
  });

  it("answers 401 for a missing, malformed or wrong signature, and stores nothing", async () => {
    const body = JSON.stringify(event({ eventId: "evt-unsigned" }));
    expectError(await deliver(body, null), 401);
    expectError(await deliver(body, "md5=abc"), 401);
    expectError(await deliver(body, signCameraBody("wrong-secret", body)), 401);
    // A valid signature of a different body: the raw bytes are what is signed.
    expectError(await deliver(body.replace("evt-unsigned", "evt-other"), signCameraBody(SECRET, body)), 401);
    expect(await rowsFor("evt-unsigned")).toBe(0);
  });

  it("answers 400 for a signed body that is not a valid event", async () => {
    for (const body of [
      "not json",
      JSON.stringify(event({ kind: "audio" })),
      JSON.stringify(event({ mediaUrl: "javascript:alert(1)" })),
      JSON.stringify(event({ capturedAt: "soon" })),
      JSON.stringify({ eventId: "x" }),
    ]) {
      expectError(await deliver(body), 400);
    }
  });

  it("answers 413 for a body over 64 KiB", async () => {
    const body = JSON.stringify(event({ eventId: "evt-big", padding: "x".repeat(65 * 1024) }));
    expectError(await deliver(body), 413);
    expect(await rowsFor("evt-big")).toBe(0);
  });
});
