import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { maintenancePrograms } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { requireTenantTags } from "@/lib/fleet/tags";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { requireTenantVehicles } from "@/lib/processing/fuel-stops/require-tenant-vehicles";
import type { ProgramInput } from "./program-input";
import { activePrograms, evaluateProgramVehicles } from "./program-vehicles";

export type ProgramRow = typeof maintenancePrograms.$inferSelect;
type Audited = { actor: AuditActor };

const active = (tenant: Tenant, id: number) =>
  and(whereTenant(maintenancePrograms, tenant), isNull(maintenancePrograms.deletedAt), eq(maintenancePrograms.id, id));

const assertReferences = async (tx: Executor, tenant: Tenant, input: ProgramInput) => {
  if (input.vehicleIds.length > 0) await requireTenantVehicles({ db: tx, ...tenant, vehicleIds: input.vehicleIds });
  await requireTenantTags({ db: tx, ...tenant, tagIds: input.tagIds, field: "tagIds" });
};

/** Puts the program's vehicles on it (each starting from now at its current readings) and takes off those out of its scope. */
const applyProgram = async (tx: Executor, tenant: Tenant, programId: number) => {
  const program = (await activePrograms(tx, tenant)).filter((candidate) => candidate.id === programId);
  await evaluateProgramVehicles({ db: tx, tenant, programs: program, vehicleIds: null, now: new Date() });
};

/** A new program on the vehicles and tags it names; 404 for a vehicle or tag the tenant does not have. Audited. */
export const createProgram = ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: ProgramInput }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    await assertReferences(tx, tenant, input);
    const [row] = await tx
      .insert(maintenancePrograms)
      .values({ ...tenant, ...input })
      .returning();
    await applyProgram(tx, tenant, row.id);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "maintenance_program.created",
      target: { type: "maintenance_program", id: row.id },
      changes: changedFields({ before: null, after: input }),
    });
    return row;
  });

/** Replaces a program's name, intervals and scope; vehicles keep their last service. 404 for another tenant's or a deleted one. Audited. */
export const updateProgram = ({ db, companyId, dataset, programId, input, actor }: TenantQuery & Audited & { programId: number; input: ProgramInput }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const [before] = await tx.select().from(maintenancePrograms).where(active(tenant, programId)).for("update");
    if (!before) throw new AppError("not_found", `No maintenance program with id ${programId}.`);
    await assertReferences(tx, tenant, input);
    const [row] = await tx
      .update(maintenancePrograms)
      .set({ ...input, updatedAt: sql`now()` })
      .where(active(tenant, programId))
      .returning();
    await applyProgram(tx, tenant, programId);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "maintenance_program.updated",
      target: { type: "maintenance_program", id: programId },
      changes: changedFields({ before, after: input }),
    });
    return row;
  });

/** Deletes a program and its vehicles' status (service history stays with the work orders). 404 as update. Audited. */
export const deleteProgram = ({ db, companyId, dataset, programId, actor }: TenantQuery & Audited & { programId: number }) =>
  db.transaction(async (tx) => {
    const tenant = { companyId, dataset };
    const [row] = await tx
      .update(maintenancePrograms)
      .set({ deletedAt: sql`now()` })
      .where(active(tenant, programId))
      .returning({ name: maintenancePrograms.name });
    if (!row) throw new AppError("not_found", `No maintenance program with id ${programId}.`);
    await tx.execute(sql`delete from vehicle_maintenance where company_id = ${companyId} and dataset = ${dataset} and program_id = ${programId}`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "maintenance_program.deleted",
      target: { type: "maintenance_program", id: programId },
      changes: { name: { before: row.name, after: null } },
    });
  });
