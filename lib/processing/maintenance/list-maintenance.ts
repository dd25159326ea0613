import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { maintenancePrograms, vehicleMaintenance, vehicles, vehicleState, type MaintenanceStatus } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { duePointOf, type DuePoint } from "./maintenance-status";

/** The tenant's programs, by name. */
export const listPrograms = ({ db, companyId, dataset }: TenantQuery) =>
  db
    .select()
    .from(maintenancePrograms)
    .where(and(whereTenant(maintenancePrograms, { companyId, dataset }), isNull(maintenancePrograms.deletedAt)))
    .orderBy(asc(maintenancePrograms.name), asc(maintenancePrograms.id));

/** The tenant's programs in id order after `afterId` (the API's service tasks): only `ids` when given, deleted ones too with `includeDeleted`. */
export const pagePrograms = ({
  db,
  companyId,
  dataset,
  ids,
  includeDeleted = false,
  afterId,
  limit,
}: TenantQuery & { ids?: number[]; includeDeleted?: boolean; afterId?: number; limit: number }) =>
  db
    .select()
    .from(maintenancePrograms)
    .where(
      and(
        whereTenant(maintenancePrograms, { companyId, dataset }),
        includeDeleted ? undefined : isNull(maintenancePrograms.deletedAt),
        ids === undefined ? undefined : inArray(maintenancePrograms.id, ids),
        afterId === undefined ? undefined : gt(maintenancePrograms.id, afterId),
      ),
    )
    .orderBy(asc(maintenancePrograms.id))
    .limit(limit);

/** One of the tenant's programs; 404 for another tenant's or a deleted one. */
export const getProgram = async ({ db, companyId, dataset, programId }: TenantQuery & { programId: number }) => {
  const [row] = await db
    .select()
    .from(maintenancePrograms)
    .where(and(whereTenant(maintenancePrograms, { companyId, dataset }), isNull(maintenancePrograms.deletedAt), eq(maintenancePrograms.id, programId)));
  if (!row) throw new AppError("not_found", `No maintenance program with id ${programId}.`);
  return row;
};

export type VehicleMaintenanceRow = DuePoint & {
  programId: number;
  programName: string;
  vehicleId: number;
  vehicleName: string;
  serviceAt: Date;
  serviceOdometerMeters: number | null;
  serviceEngineSeconds: number | null;
  odometerMeters: number | null;
  engineSeconds: number | null;
};

const STATUS_ORDER: Record<MaintenanceStatus, number> = { overdue: 0, dueSoon: 1, ok: 2 };

/**
 * Each vehicle on each program with its status now (from its latest readings and today's date, so a
 * months interval runs out without telemetry), the most urgent first; narrowed to one vehicle, one
 * program or one status when given.
 */
export const listVehicleMaintenance = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  programId,
  status,
  now = new Date(),
}: TenantQuery & { vehicleId?: number; programId?: number; status?: MaintenanceStatus; now?: Date }): Promise<VehicleMaintenanceRow[]> => {
  const rows = await db
    .select({
      programId: vehicleMaintenance.programId,
      programName: maintenancePrograms.name,
      intervalMeters: maintenancePrograms.intervalMeters,
      intervalEngineHours: maintenancePrograms.intervalEngineHours,
      intervalMonths: maintenancePrograms.intervalMonths,
      vehicleId: vehicleMaintenance.vehicleId,
      vehicleName: vehicles.name,
      serviceAt: vehicleMaintenance.serviceAt,
      serviceOdometerMeters: vehicleMaintenance.serviceOdometerMeters,
      serviceEngineSeconds: vehicleMaintenance.serviceEngineSeconds,
      odometerMeters: vehicleState.odometerMeters,
      engineSeconds: vehicleState.engineSeconds,
    })
    .from(vehicleMaintenance)
    .innerJoin(
      maintenancePrograms,
      and(eq(maintenancePrograms.companyId, vehicleMaintenance.companyId), eq(maintenancePrograms.id, vehicleMaintenance.programId)),
    )
    .innerJoin(vehicles, and(eq(vehicles.companyId, vehicleMaintenance.companyId), eq(vehicles.id, vehicleMaintenance.vehicleId)))
    .leftJoin(vehicleState, and(eq(vehicleState.companyId, vehicleMaintenance.companyId), eq(vehicleState.vehicleId, vehicleMaintenance.vehicleId)))
    .where(
      and(
        whereTenant(vehicleMaintenance, { companyId, dataset }),
        isNull(maintenancePrograms.deletedAt),
        vehicleId === undefined ? undefined : eq(vehicleMaintenance.vehicleId, vehicleId),
        programId === undefined ? undefined : eq(vehicleMaintenance.programId, programId),
        sql`${vehicles.companyId} = ${companyId} and ${maintenancePrograms.companyId} = ${companyId}`,
      ),
    );
  return rows
    .map(({ intervalMeters, intervalEngineHours, intervalMonths, ...row }) => ({
      ...row,
      ...duePointOf({ program: { intervalMeters, intervalEngineHours, intervalMonths }, service: row, readings: row, now }),
    }))
    .filter((row) => status === undefined || row.status === status)
    .sort(
      (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.vehicleName.localeCompare(b.vehicleName) || a.programName.localeCompare(b.programName),
    );
};
