import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trailerAssignments, vehicles } from "@/db/schema";
import { runTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { trailerCouplingProcessor } from "@/lib/processing/trailer-coupling/trailer-coupling-processor";
import { seedTestCompanies } from "../../helpers/seeded";
import { useTestDatabase } from "../../helpers/test-database";

const database = useTestDatabase();
const MINUTE = 60_000;

describe("trailer coupling detection", () => {
  it("couples a trailer that moved with a tractor for 10 minutes, not one that moved alone, and uncouples when the tractor leaves it", async () => {
    const { db } = database();
    const { demoCompanyId } = await seedTestCompanies({ db, liveVehicles: 2 });
    const tenant = { companyId: demoCompanyId, dataset: "live" as const };
    const [tractor, other] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, demoCompanyId), eq(vehicles.dataset, "live")))
      .orderBy(asc(vehicles.id));
    const [coupled, alone] = await db
      .insert(vehicles)
      .values([
        { ...tenant, assetKind: "trailer", name: "Reefer 1", vin: "TRL-1", typeId: 0, typeName: "Trailer" },
        { ...tenant, assetKind: "trailer", name: "Flatbed 2", vin: "TRL-2", typeId: 0, typeName: "Trailer" },
      ])
      .returning();
    const start = Math.floor((Date.now() - 2 * 3_600_000) / MINUTE) * MINUTE;
    const fix = (vehicleId: number, minute: number, latitude: number, longitude: number) => ({
      ...tenant,
      vehicleId,
      time: new Date(start + minute * MINUTE),
      latitude,
      longitude,
      speed: 15,
      heading: 0,
    });
    // The processor starts at the head it first sees: one report before the drive.
    await ingestTelemetry({ db, batch: { positions: [fix(other.id, -60, 40, -88)], stats: [] } });
    await runTelemetryProcessors({ db, processors: [trailerCouplingProcessor] });

    // Eleven minutes north at ~50 km/h: the trailer 20 m behind the tractor; the other trailer 5 km east, beside no one.
    const drive = Array.from({ length: 12 }, (_, minute) => {
      const latitude = 41.8 + minute * 0.008;
      return [fix(tractor.id, minute, latitude, -87.6), fix(coupled.id, minute, latitude - 0.0002, -87.6), fix(alone.id, minute, latitude, -87.54)];
    }).flat();
    await ingestTelemetry({ db, batch: { positions: drive, stats: [] } });
    await runTelemetryProcessors({ db, processors: [trailerCouplingProcessor] });
    const couplings = () => db.select().from(trailerAssignments).where(eq(trailerAssignments.companyId, demoCompanyId)).orderBy(asc(trailerAssignments.id));
    expect(await couplings()).toMatchObject([{ trailerId: coupled.id, vehicleId: tractor.id, driverId: null, source: "detected", endTime: null }]);

    // The tractor drives on alone: 10 km away, the coupling ends at that report.
    await ingestTelemetry({ db, batch: { positions: [fix(tractor.id, 30, 41.9 + 0.09, -87.6)], stats: [] } });
    await runTelemetryProcessors({ db, processors: [trailerCouplingProcessor] });
    const [ended] = await couplings();
    expect(ended.endTime).toEqual(new Date(start + 30 * MINUTE));
  }, 120_000);
});
