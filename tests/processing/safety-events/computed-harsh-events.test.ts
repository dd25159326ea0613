import { and, asc, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { safetyEvents, telemetryCheckpoints, vehicles } from "@/db/schema";
import { harshEventsProcessor } from "@/lib/processing/safety-events/harsh-events-processor";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { writeTelemetry } from "../../helpers/telemetry";
import { CITY_STOP, every, speedTrack } from "../../helpers/speed-track";

const database = useTestDatabase();
const START = { latitude: 41.8837, longitude: -87.6289 };
const drive = (vehicleId: number, start: Date, steps: [number, number][]) => speedTrack(vehicleId, start, START, steps);

/** Each test drives an hour after the previous one's (the database is the file's): what came before is history. */
let drives = 0;
const setup = async () => {
  const { db } = database();
  const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
  const tenant = { companyId: demoCompanyId, dataset: "live" as const };
  const [a, b] = await db.select().from(vehicles).where(eq(vehicles.companyId, demoCompanyId)).orderBy(asc(vehicles.id));
  drives += 1;
  const start = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 3_600_000 + drives * 3_600_000);
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const stored = (vehicleId: number) =>
    db
      .select()
      .from(safetyEvents)
      .where(and(eq(safetyEvents.companyId, demoCompanyId), eq(safetyEvents.vehicleId, vehicleId), gte(safetyEvents.time, start)))
      .orderBy(asc(safetyEvents.time));
  const run = (window?: number) => runTelemetryProcessors({ db, processors: [harshEventsProcessor], window });
  return { db, tenant, a, b, at, stored, run };
};

describe("computed harsh events (speed changes of consecutive fixes)", () => {
  it("stores one braking and one acceleration, at the fix each began, once however the windows fall and when reprocessed", async () => {
    const { db, tenant, a, at, stored, run } = await setup();
    await writeTelemetry({ db, ...tenant, positions: drive(a.id, at(0), CITY_STOP) });
    // One row a window: each change is split over several windows.
    await run(1);
    const expected = [
      { time: at(3), kind: "harshBraking", source: "computed", peakG: 0.51, severity: "moderate", speed: 20 },
      { time: at(8), kind: "harshAcceleration", source: "computed", peakG: 0.36, severity: "light", speed: 6 },
    ];
    expect(await stored(a.id)).toMatchObject(expected);
    // Reprocessing from the start (a checkpoint lost): the same events, stored once.
    await db.update(telemetryCheckpoints).set({ seq: 0 }).where(eq(telemetryCheckpoints.processor, harshEventsProcessor.name));
    await run();
    expect(await stored(a.id)).toMatchObject(expected);
    expect(await stored(a.id)).toHaveLength(2);
  });

  it("finds nothing in GPS noise: a speed reading that jumps and comes back, a gap, fixes too close together", async () => {
    const { db, tenant, a, b, at, stored, run } = await setup();
    // A's speed reads 15 m/s for one fix (0.5 g down, then up) while its fixes go on 20 m apart a second; then 6 m/s,
    // which no 1 s can brake to.
    const spike = drive(a.id, at(0), every(1, [20, 20, 20, 20, 20, 20, 20, 20]));
    spike[2].speed = 15;
    spike[5].speed = 6;
    // B stops behind a 10 s gap in its fixes, then its fixes come half a second apart, 3 m/s apart.
    const gap = drive(b.id, at(0), [
      [1, 20],
      [10, 0],
      [1, 0],
      [0.5, 3],
      [0.5, 0],
    ]);
    await writeTelemetry({ db, ...tenant, positions: [...spike, ...gap] });
    await run();
    expect(await stored(a.id)).toEqual([]);
    expect(await stored(b.id)).toEqual([]);
  });

  it("leaves a vehicle's braking to its device when the device reported one then, and still computes the kinds it did not", async () => {
    const { db, tenant, a, at, stored, run } = await setup();
    await ingestTelemetry({
      db,
      batch: {
        positions: drive(a.id, at(0), CITY_STOP).map((fix) => ({ ...fix, ...tenant })),
        events: [{ ...tenant, vehicleId: a.id, time: at(4), kind: "harshBraking", peakG: 0.55 }],
      },
    });
    await run();
    expect((await stored(a.id)).map(({ time, kind, source }) => ({ time, kind, source }))).toEqual([
      { time: at(4), kind: "harshBraking", source: "device" },
      { time: at(8), kind: "harshAcceleration", source: "computed" },
    ]);
  });
});
