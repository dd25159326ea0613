import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telemetryCheckpoints, tripDetectorStates, vehicles } from "@/db/schema";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { TRIP_MOTION } from "@/lib/telemetry/motion-segments";
import { knownDetectorStates } from "@/lib/processing/trips/known-detector-states";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";
import { buildTrack, MINUTE } from "./track-builder";

const database = useTestDatabase();
const settings = { motion: TRIP_MOTION, idleMinimumMs: 5 * MINUTE, speedingThresholdMps: 33 };

describe("the detector states a process remembers", () => {
  it("stand for the stored ones only while no other window came since its own", async () => {
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const [vehicle] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
    const track = buildTrack({ tenant, vehicleId: vehicle.id, start: Math.floor((Date.now() - 5 * 3_600_000) / MINUTE) * MINUTE });
    track.stand(MINUTE).drive(5 * MINUTE);
    await ingestTelemetry({ db, batch: { positions: track.positions, stats: track.stats } });
    await runTelemetryProcessors({ db, processors: [tripProcessor] });
    const checkpointNow = async () =>
      (
        await db
          .select({ seq: telemetryCheckpoints.seq, at: telemetryCheckpoints.updatedAt })
          .from(telemetryCheckpoints)
          .where(
            and(
              eq(telemetryCheckpoints.companyId, demoCompanyId),
              eq(telemetryCheckpoints.dataset, "live"),
              eq(telemetryCheckpoints.processor, tripProcessor.name),
            ),
          )
      )[0];
    const known = async () => {
      const checkpoint = await checkpointNow();
      return db.transaction(async (tx) =>
        (await knownDetectorStates({ db: tx, tenant, checkpoint, settings, vehicleIds: [vehicle.id] })).stored.get(vehicle.id),
      );
    };
    const ofVehicle = and(eq(tripDetectorStates.companyId, demoCompanyId), eq(tripDetectorStates.vehicleId, vehicle.id));
    const [stored] = await db.select().from(tripDetectorStates).where(ofVehicle);
    expect(await known()).toMatchObject({ lastTimeMs: stored.lastTimeMs, carrySpeed: stored.carrySpeed });
    // Remembered, not read: a row changed behind the processor's back (nothing does) is not seen.
    await db.update(tripDetectorStates).set({ carrySpeed: 789 }).where(ofVehicle);
    expect((await known())?.carrySpeed).toBe(stored.carrySpeed);

    // A window whose transaction rolled back is not remembered.
    track.drive(5 * MINUTE);
    await ingestTelemetry({ db, batch: { positions: track.positions, stats: track.stats } });
    const failing = {
      ...tripProcessor,
      process: async (options: Parameters<typeof tripProcessor.process>[0]) => {
        await tripProcessor.process(options);
        throw new Error("rolled back");
      },
    };
    await expect(runTelemetryProcessors({ db, processors: [failing] })).rejects.toThrow("rolled back");
    expect((await known())?.carrySpeed).toBe(stored.carrySpeed);

    // Another instance's window (it stamps the checkpoint) makes this process read the states again.
    await db.update(tripDetectorStates).set({ carrySpeed: 123 }).where(ofVehicle);
    await db
      .update(telemetryCheckpoints)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          eq(telemetryCheckpoints.companyId, demoCompanyId),
          eq(telemetryCheckpoints.dataset, "live"),
          eq(telemetryCheckpoints.processor, tripProcessor.name),
        ),
      );
    expect((await known())?.carrySpeed).toBe(123);
  });
});
