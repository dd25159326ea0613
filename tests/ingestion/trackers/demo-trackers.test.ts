import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { devices, vehiclePositions, vehicles, vehicleStatSamples } from "@/db/schema";
import { DEMO_TRACKERS } from "@/lib/runtime/seed/demo-trackers";
import { createFleetSimulator } from "@/lib/runtime/simulator/fleet-simulator";
import { dayOfTime, dayStartOf } from "@/lib/runtime/simulator/sim-vehicle";
import { startTrackers, type Trackers } from "@/lib/ingestion/trackers/start-trackers";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const HOUR = 3_600_000;
let trackers: Trackers | undefined;
afterAll(async () => trackers?.close());

describe("the demo's hardware trackers", () => {
  it("report the live reports of the tracker vehicles over Teltonika and GT06 to the listeners", async () => {
    const { db } = database();
    await seedTestCompanies({ db, liveVehicles: 10 });
    const trackerVehicles = await db
      .select({ id: vehicles.id, deviceId: devices.identifier })
      .from(vehicles)
      .innerJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
      .where(
        inArray(
          devices.identifier,
          DEMO_TRACKERS.map((tracker) => tracker.imei),
        ),
      );
    expect(trackerVehicles).toHaveLength(4);
    trackers = await startTrackers({
      db,
      settings: {
        teltonikaPort: 0,
        gt06Port: 0,
        host: "127.0.0.1",
        idleTimeoutMs: 60_000,
        maxConnectionsPerAddress: 20,
        maxConnections: 1_000,
        frameTimeoutMs: 30_000,
      },
    });
    // Mid-morning yesterday in Chicago: the day crews drive.
    let clock = dayStartOf(dayOfTime(Date.now()) - 1) + 10 * HOUR;
    const simulator = await createFleetSimulator({ db, seed: 3, backfillMs: HOUR, now: () => clock, trackerPorts: trackers.ports });
    await simulator.backfill();
    const before = clock;
    clock += 10 * 60_000;
    await simulator.tick();
    simulator.stop();
    for (const vehicle of trackerVehicles) {
      const protocol = DEMO_TRACKERS.find((tracker) => tracker.imei === vehicle.deviceId)!.protocol;
      const live = await db
        .select()
        .from(vehiclePositions)
        .where(and(eq(vehiclePositions.vehicleId, vehicle.id), gt(vehiclePositions.time, new Date(before))));
      expect(live.length, `${protocol} vehicle ${vehicle.id}`).toBeGreaterThan(0);
      // What each protocol leaves out shows the points came through it: Teltonika sends altitude (0 here, the
      // simulator has none), GT06 no HDOP; the simulator's direct points have no altitude and an HDOP.
      if (protocol === "teltonika") expect(live.every((point) => point.altitude === 0)).toBe(true);
      else expect(live.every((point) => point.hdop === null && point.altitude === null)).toBe(true);
      // Samples that came over TCP carry no engine hours (neither protocol sends them); the simulator's own do.
      const [latest] = await db
        .select()
        .from(vehicleStatSamples)
        .where(eq(vehicleStatSamples.vehicleId, vehicle.id))
        .orderBy(desc(vehicleStatSamples.time))
        .limit(1);
      expect(latest.engineSeconds).toBeNull();
    }
  });
});
