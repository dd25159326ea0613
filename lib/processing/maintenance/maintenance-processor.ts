import type { TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { activePrograms, evaluateProgramVehicles } from "./program-vehicles";

/**
 * Preventive maintenance, fed each tenant's committed telemetry: the vehicles that reported stats
 * (odometer, engine hours; a manual reading is one too) are evaluated on the programs that cover
 * them, from their latest readings, and each status that changed (ok, due soon, overdue) is stored
 * with when it changed. Paced to a run each 10 s: a crossing is stored within seconds, and 10,000
 * vehicles' rows are read once for many batches; only the stat samples are read.
 */
export const maintenanceProcessor: TelemetryProcessor = {
  name: "maintenance",
  startAt: "now",
  minIntervalMs: 10_000,
  // Positions say nothing of a due point; they are most of a fleet's rows (docs/scaling.md, issue 36).
  reads: "stats",
  process: async ({ tx, tenant, vehicles }) => {
    const reported = vehicles.filter((vehicle) => vehicle.stats.length > 0).map((vehicle) => vehicle.vehicleId);
    if (reported.length === 0) return;
    const programs = await activePrograms(tx, tenant);
    await evaluateProgramVehicles({ db: tx, tenant, programs, vehicleIds: reported, now: new Date() });
  },
};
