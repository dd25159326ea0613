import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { insertFromJson, intArray } from "@/db/rows";
import { maintenancePrograms, vehicleMaintenance, vehicles, vehicleState, type MaintenanceStatus } from "@/db/schema";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { ruleScopeFor } from "@/lib/fleet/tags/tag-scope";
import { duePointOf, type ProgramIntervals } from "./maintenance-status";

export type ProgramScope = ProgramIntervals & { id: number; vehicleIds: number[]; tagIds: number[] };

/** The tenant's programs (not deleted), as the evaluation reads them. */
export const activePrograms = (db: Executor, tenant: Tenant): Promise<ProgramScope[]> =>
  db
    .select({
      id: maintenancePrograms.id,
      vehicleIds: maintenancePrograms.vehicleIds,
      tagIds: maintenancePrograms.tagIds,
      intervalMeters: maintenancePrograms.intervalMeters,
      intervalEngineHours: maintenancePrograms.intervalEngineHours,
      intervalMonths: maintenancePrograms.intervalMonths,
    })
    .from(maintenancePrograms)
    .where(and(whereTenant(maintenancePrograms, tenant), sql`${maintenancePrograms.deletedAt} is null`));

type Stored = {
  programId: number;
  vehicleId: number;
  serviceAt: Date;
  serviceOdometerMeters: number | null;
  serviceEngineSeconds: number | null;
  status: MaintenanceStatus;
};

/**
 * Brings the programs' vehicle rows up to the vehicles' latest readings: a vehicle in a program's
 * scope without a row gets one (its last service taken as now, at its current readings), a row whose
 * service reading was not known takes the first one reported, and a row whose status changed is
 * written with the time it changed. `vehicleIds`: only these vehicles (the processor's, those that
 * reported); null: every vehicle in scope, and rows of vehicles that left a program's scope are removed.
 * Returns the rows whose status changed or that were added.
 */
export const evaluateProgramVehicles = async ({
  db,
  tenant,
  programs,
  vehicleIds,
  now,
}: {
  db: Executor;
  tenant: Tenant;
  programs: readonly ProgramScope[];
  vehicleIds: readonly number[] | null;
  now: Date;
}) => {
  if (programs.length === 0 || vehicleIds?.length === 0) return 0;
  const scopeOf = await ruleScopeFor({ db, tenant, rules: programs });
  const inAnyScope = new Set(programs.flatMap((program) => [...(scopeOf(program) ?? [])]));
  const candidates = vehicleIds ? vehicleIds.filter((id) => inAnyScope.has(id)) : [...inAnyScope];
  const programIds = intArray(programs.map((program) => program.id));
  if (!vehicleIds)
    await db.execute(sql`delete from vehicle_maintenance where company_id = ${tenant.companyId} and dataset = ${tenant.dataset}
      and program_id = any(${programIds}) and not (vehicle_id = any(${intArray(candidates)}))`);
  if (candidates.length === 0) return 0;
  const readings = new Map(
    (
      await db
        .select({ vehicleId: vehicles.id, odometerMeters: vehicleState.odometerMeters, engineSeconds: vehicleState.engineSeconds })
        .from(vehicles)
        .leftJoin(vehicleState, and(eq(vehicleState.companyId, vehicles.companyId), eq(vehicleState.vehicleId, vehicles.id)))
        .where(and(whereTenant(vehicles, tenant), sql`${vehicles.id} = any(${intArray(candidates)})`))
    ).map((row) => [row.vehicleId, { odometerMeters: row.odometerMeters, engineSeconds: row.engineSeconds }]),
  );
  const stored = new Map(
    (
      await db
        .select()
        .from(vehicleMaintenance)
        .where(
          and(
            whereTenant(vehicleMaintenance, tenant),
            sql`${vehicleMaintenance.programId} = any(${programIds}) and ${vehicleMaintenance.vehicleId} = any(${intArray(candidates)})`,
          ),
        )
    ).map((row): [string, Stored] => [`${row.programId}:${row.vehicleId}`, row]),
  );
  const writes: Record<string, unknown>[] = [];
  for (const program of programs) {
    const scope = scopeOf(program) ?? new Set<number>();
    for (const vehicleId of candidates) {
      const reading = readings.get(vehicleId);
      if (!scope.has(vehicleId) || !reading) continue;
      const before = stored.get(`${program.id}:${vehicleId}`);
      const service = {
        serviceAt: before?.serviceAt ?? now,
        serviceOdometerMeters: before?.serviceOdometerMeters ?? reading.odometerMeters,
        serviceEngineSeconds: before?.serviceEngineSeconds ?? reading.engineSeconds,
      };
      const { status } = duePointOf({ program, service, readings: reading, now });
      const learned =
        before && (before.serviceOdometerMeters !== service.serviceOdometerMeters || before.serviceEngineSeconds !== service.serviceEngineSeconds);
      if (before && before.status === status && !learned) continue;
      writes.push({
        ...tenant,
        programId: program.id,
        vehicleId,
        ...service,
        status,
        statusSince: now,
      });
    }
  }
  for (let start = 0; start < writes.length; start += 5_000)
    await db.execute(sql`${insertFromJson(vehicleMaintenance, writes.slice(start, start + 5_000))}
      on conflict (company_id, program_id, vehicle_id) do update set status = excluded.status,
        service_odometer_meters = excluded.service_odometer_meters, service_engine_seconds = excluded.service_engine_seconds,
        status_since = case when vehicle_maintenance.status = excluded.status then vehicle_maintenance.status_since else excluded.status_since end`);
  return writes.length;
};
