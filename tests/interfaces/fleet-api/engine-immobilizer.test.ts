import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as updateRoute from "@/app/beta/fleet/vehicles/[id]/immobilizer/route";
import * as streamRoute from "@/app/fleet/vehicles/immobilizer/stream/route";
import { deviceCommands } from "@/db/schema";
import { setupFleetFixture, type FleetFixture } from "../../helpers/fleet-fixture";
import { callFleet, resetRateLimits } from "../../helpers/fleet-request";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
let fixture: FleetFixture;
beforeAll(async () => {
  fixture = await setupFleetFixture({ db: database().db });
});
beforeEach(() => resetRateLimits(database().db));

const patch = (vehicleId: number, body: unknown, key = fixture.demo.key) =>
  callFleet(updateRoute.PATCH, `/beta/fleet/vehicles/${vehicleId}/immobilizer`, { key, method: "PATCH", body, params: { id: String(vehicleId) } });
const stream = (query: string) => callFleet(streamRoute.GET, `/fleet/vehicles/immobilizer/stream?${query}`, { key: fixture.demo.key });
const latestCommand = async (vehicleId: number) =>
  (
    await database()
      .db.select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.vehicleId, vehicleId)))
      .orderBy(desc(deviceCommands.id))
      .limit(1)
  )[0];
const since = (hours: number) => `startTime=${new Date(Date.now() - hours * 3_600_000).toISOString()}`;

describe("PATCH /beta/fleet/vehicles/{id}/immobilizer", () => {
  it("queues the tracker's engine stop for relay1 open and its resume for relay1 closed", async () => {
    const vehicleId = fixture.demo.vehicleIds.at(-1)!;
    expect((await patch(vehicleId, { relayStates: [{ id: "relay1", isOpen: true }] })).status).toBe(204);
    expect(await latestCommand(vehicleId)).toMatchObject({ kind: "engineStop", text: "setdigout 1", status: "queued", requestedByType: "api_key" });
    expect((await patch(vehicleId, { relayStates: [{ id: "relay1", isOpen: false }] })).status).toBe(204);
    expect(await latestCommand(vehicleId)).toMatchObject({ kind: "engineResume", text: "setdigout 0" });
  });

  it("refuses what it cannot do with a 4xx naming why, and another company's vehicle with a 404", async () => {
    const vehicleId = fixture.demo.vehicleIds.at(-1)!;
    for (const body of [
      { relayStates: [] },
      { relayStates: [{ id: "relay2", isOpen: true }] },
      {
        relayStates: [
          { id: "relay1", isOpen: true },
          { id: "relay1", isOpen: false },
        ],
      },
      {},
    ]) {
      const response = await patch(vehicleId, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: expect.stringContaining("relayStates"), requestId: expect.any(String) });
    }
    // An OsmAnd phone takes no commands.
    const phone = await patch(fixture.demo.vehicleIds[0], { relayStates: [{ id: "relay1", isOpen: true }] });
    expect(phone.status).toBe(409);
    expect((await patch(fixture.other.vehicleIds.at(-1)!, { relayStates: [{ id: "relay1", isOpen: true }] })).status).toBe(404);
  });
});

describe("GET /fleet/vehicles/immobilizer/stream", () => {
  it("lists the states the trackers confirmed, oldest first, in Samsara's shape, a page at a time", async () => {
    const vehicleId = fixture.demo.vehicleIds.at(-1)!;
    await database()
      .db.insert(deviceCommands)
      .values({
        companyId: fixture.demo.companyId,
        dataset: "live",
        vehicleId,
        deviceIdentifier: "x",
        protocol: "teltonika",
        kind: "engineResume",
        text: "setdigout 0",
        status: "answered",
        requestedByType: "user",
        requestedByName: "Ada",
        answeredAt: new Date(Date.now() - 30 * 60_000),
      });
    const window = `vehicleIds=${fixture.demo.vehicleIds.join(",")}&${since(2)}`;
    const first = await stream(`${window}&limit=1`);
    expect(first.status).toBe(200);
    const firstBody = first.body as { data: unknown[]; pagination: { endCursor: string; hasNextPage: boolean } };
    expect(firstBody.data).toEqual([
      { happenedAtTime: expect.any(String), isConnectedToVehicle: true, relayStates: [{ id: "relay1", isOpen: true }], vehicleId: String(vehicleId) },
    ]);
    expect(firstBody.pagination.hasNextPage).toBe(true);
    const second = await stream(`${window}&limit=1&after=${encodeURIComponent(firstBody.pagination.endCursor)}`);
    expect((second.body as { data: unknown[] }).data).toEqual([expect.objectContaining({ relayStates: [{ id: "relay1", isOpen: false }] })]);
    // Queued, unanswered commands are no state; another vehicle has none.
    expect((await stream(`vehicleIds=${fixture.demo.vehicleIds[0]}&${since(2)}`)).body).toMatchObject({ data: [] });
  });

  it("needs vehicleIds and a startTime", async () => {
    expect((await stream(since(2))).status).toBe(400);
    expect((await stream(`vehicleIds=${fixture.demo.vehicleIds[0]}`)).status).toBe(400);
  });
});
