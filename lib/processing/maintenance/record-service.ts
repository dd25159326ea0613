import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { maintenancePrograms, vehicleMaintenance, vehicleState } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { duePointOf } from "./maintenance-status";

/**
 * Records a service of a vehicle on a program: the next one falls an interval after it. `at` and the
 * readings default to now and the vehicle's latest. 404 when the vehicle is not on the tenant's program.
 * Audited; runs in the caller's transaction when given one (a work order's completion).
 */
export const recordService = ({
  db,
  companyId,
  dataset,
  programId,
  vehicleId,
  at = new Date(),
  odometerMeters,
  engineSeconds,
  actor,
}: TenantQuery & { programId: number; vehicleId: number; at?: Date; odometerMeters?: number; engineSeconds?: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const onProgram = and(whereTenant(vehicleMaintenance, tenant), eq(vehicleMaintenance.programId, programId), eq(vehicleMaintenance.vehicleId, vehicleId));
    const [row] = await tx.select().from(vehicleMaintenance).where(onProgram).for("update");
    const [program] = await tx
      .select()
      .from(maintenancePrograms)
      .where(and(whereTenant(maintenancePrograms, tenant), eq(maintenancePrograms.id, programId), sql`${maintenancePrograms.deletedAt} is null`));
    if (!row || !program) throw new AppError("not_found", `Vehicle ${vehicleId} is not on maintenance program ${programId}.`);
    const [latest] = await tx
      .select({ odometerMeters: vehicleState.odometerMeters, engineSeconds: vehicleState.engineSeconds })
      .from(vehicleState)
      .where(and(eq(vehicleState.companyId, companyId), eq(vehicleState.vehicleId, vehicleId)));
    const readings = { odometerMeters: latest?.odometerMeters ?? null, engineSeconds: latest?.engineSeconds ?? null };
    const service = {
      serviceAt: at,
      serviceOdometerMeters: odometerMeters ?? readings.odometerMeters,
      serviceEngineSeconds: engineSeconds ?? readings.engineSeconds,
    };
    const { status } = duePointOf({ program, service, readings, now: new Date() });
    await tx
      .update(vehicleMaintenance)
      .set({ ...service, status, statusSince: status === row.status ? row.statusSince : new Date() })
      .where(onProgram);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "maintenance_program.serviced",
      target: { type: "maintenance_program", id: programId },
      changes: {
        vehicleId: { before: null, after: vehicleId },
        serviceAt: { before: row.serviceAt.toISOString(), after: at.toISOString() },
        serviceOdometerMeters: { before: row.serviceOdometerMeters, after: service.serviceOdometerMeters },
      },
    });
  });
