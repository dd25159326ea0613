import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { driverLogins, drivers, drivingDetectorStates, reportSchedules, tagDrivers } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

/**
 * The tables (and driver column) whose rows are a driver's history: duty status and its edits and
 * certifications and ELD event records, who drove what, trips and their events, incidents, assigned driving, waste jobs.
 */
const HISTORY: readonly [table: string, column: string][] = [
  ["hos_logs", "driver_id"],
  ["hos_log_edits", "driver_id"],
  ["hos_certifications", "driver_id"],
  ["eld_events", "driver_id"],
  ["driver_vehicle_assignments", "driver_id"],
  ["trips", "driver_id"],
  ["idling_events", "driver_id"],
  ["speeding_intervals", "driver_id"],
  ["vehicle_activity_days", "driver_id"],
  ["alert_incidents", "driver_id"],
  ["unassigned_driving", "driver_id"],
  ["driver_proposed_stops", "driver_id"],
  ["waste_jobs", "assigned_to_driver_id"],
];

const hasHistory = async ({ db, companyId, driverId }: { db: Executor; companyId: number; driverId: number }) => {
  const probes = HISTORY.map(
    ([table, column]) => sql`select 1 from ${sql.identifier(table)} where company_id = ${companyId} and ${sql.identifier(column)} = ${driverId}`,
  );
  const rows = await queryRows(db, sql`select exists (${sql.join(probes, sql` union all `)}) as found`);
  return (rows[0] as { found: boolean }).found;
};

/**
 * Deletes one of the tenant's drivers that has no history (docs/decisions.md "Deleting a driver"):
 * the driver, their tag memberships, logbook sign-in and places in report schedules go; a driver
 * with history is a 409 (deactivate them instead: the records of duty status must be kept).
 * 404 for another tenant's driver.
 */
export const deleteDriver = async ({ db, companyId, dataset, driverId, actor }: TenantQuery & { driverId: number; actor: AuditActor }): Promise<void> => {
  await db.transaction(async (tx) => {
    const tenantDriver = and(whereTenant(drivers, { companyId, dataset }), eq(drivers.id, driverId));
    const [driver] = await tx.select({ name: drivers.name, username: drivers.username }).from(drivers).where(tenantDriver).for("update");
    if (!driver) throw new AppError("not_found", `No driver with id ${driverId}.`);
    if (await hasHistory({ db: tx, companyId, driverId })) {
      throw new AppError(
        "conflict",
        `Driver ${driverId} has recorded history (duty status, trips or assignments), which is kept: ` +
          `deactivate the driver instead (driverActivationStatus "deactivated").`,
      );
    }
    await tx.delete(tagDrivers).where(and(eq(tagDrivers.companyId, companyId), eq(tagDrivers.driverId, driverId)));
    await tx.delete(driverLogins).where(and(eq(driverLogins.companyId, companyId), eq(driverLogins.driverId, driverId)));
    await tx
      .update(drivingDetectorStates)
      .set({ driverId: null })
      .where(and(eq(drivingDetectorStates.companyId, companyId), eq(drivingDetectorStates.driverId, driverId)));
    await tx
      .update(reportSchedules)
      .set({ driverIds: sql`array_remove(${reportSchedules.driverIds}, ${driverId})` })
      .where(and(eq(reportSchedules.companyId, companyId), sql`${driverId} = any(${reportSchedules.driverIds})`));
    await tx.delete(drivers).where(tenantDriver);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "driver.deleted",
      target: { type: "driver", id: driverId },
      changes: { name: { before: driver.name, after: null }, username: { before: driver.username, after: null } },
    });
  });
};
