import { and, eq, sql } from "drizzle-orm";
import { vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { setVehicleTags } from "@/lib/fleet/tags/tag-members";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { ingestTelemetry } from "@/lib/telemetry/store";
import { getVehicle } from "./get-vehicle";
import type { VehicleRow } from "./list-vehicles";
import { isUniqueViolation, toVehicleColumns } from "./vehicle-columns";
import { raiseVehicleEvent } from "./vehicle-events";
import type { CreateVehicleInput, VehicleInput } from "./vehicle-input";

type Audited = { actor: AuditActor };

/** The readings a client may set on a vehicle (Samsara's manual overrides): odometer, engine hours. */
export type VehicleReading = { odometerMeters?: number; engineSeconds?: number };

export const duplicateVin = (vin: string | undefined) => new AppError("conflict", `Invalid value for "vin": a vehicle with VIN ${vin} already exists.`);

/** Creates a vehicle in the tenant's dataset; 409 naming the VIN when the dataset has it already. */
export const createVehicle = async ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: CreateVehicleInput }): Promise<VehicleRow> => {
  const id = await db
    .transaction(async (tx) => {
      const columns = toVehicleColumns(input);
      const [row] = await tx
        .insert(vehicles)
        .values({ ...columns, name: input.name, vin: input.vin, companyId, dataset })
        .onConflictDoNothing({ target: [vehicles.companyId, vehicles.dataset, vehicles.vin] })
        .returning({ id: vehicles.id });
      if (!row) throw duplicateVin(input.vin);
      if (input.tagIds) await setVehicleTags({ db: tx, companyId, dataset, vehicleId: row.id, tagIds: input.tagIds });
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "vehicle.created",
        target: { type: "vehicle", id: row.id },
        changes: changedFields({ before: null, after: { ...columns, tagIds: input.tagIds, dataset } }),
      });
      await raiseVehicleEvent({ db: tx, companyId, dataset, eventType: "VehicleCreated", vehicle: { id: row.id, name: input.name, vin: input.vin } });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateVin(input.vin) : error;
    });
  return getVehicle({ db, companyId, dataset, vehicleId: id });
};

/**
 * Updates the given fields of one of the tenant's vehicles (archived ones too); 404 for another
 * tenant's vehicle, 409 for a VIN the dataset has on another vehicle. No change: no event.
 * `reading` (Samsara's manual odometer and engine-hours overrides) is a stat reading taken now, stored
 * through the one ingestion path in the same transaction (docs/decisions.md "The odometer a client sets").
 */
export const updateVehicle = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  input,
  actor,
  reading = {},
}: TenantQuery & Audited & { vehicleId: number; input: VehicleInput; reading?: VehicleReading }): Promise<VehicleRow> => {
  await db
    .transaction(async (tx) => {
      const tenantVehicle = and(whereTenant(vehicles, { companyId, dataset }), eq(vehicles.id, vehicleId));
      const [before] = await tx.select().from(vehicles).where(tenantVehicle).for("update");
      if (!before) throw new AppError("not_found", `No vehicle with id ${vehicleId}.`);
      const columns = toVehicleColumns(input);
      await tx
        .update(vehicles)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(tenantVehicle);
      if (input.tagIds) await setVehicleTags({ db: tx, companyId, dataset, vehicleId, tagIds: input.tagIds });
      const given = Object.fromEntries(Object.entries(reading).filter(([, value]) => value !== undefined));
      if (Object.keys(given).length > 0) await ingestTelemetry({ db: tx, batch: { stats: [{ companyId, dataset, vehicleId, time: new Date(), ...given }] } });
      const changes = {
        ...changedFields({ before, after: columns }),
        ...(input.tagIds ? { tagIds: { before: null, after: input.tagIds } } : {}),
        ...Object.fromEntries(Object.entries(given).map(([name, value]) => [name, { before: null, after: value }])),
      };
      if (Object.keys(changes).length === 0) return;
      await recordAuditEvent({ db: tx, companyId, actor, action: "vehicle.updated", target: { type: "vehicle", id: vehicleId }, changes });
      await raiseVehicleEvent({
        db: tx,
        companyId,
        dataset,
        eventType: "VehicleUpdated",
        vehicle: { id: vehicleId, name: columns.name ?? before.name, vin: columns.vin ?? before.vin },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateVin(input.vin) : error;
    });
  return getVehicle({ db, companyId, dataset, vehicleId });
};

/**
 * Archives (or restores) one of the tenant's vehicles: nothing is deleted; an archived vehicle leaves
 * the live map, the lists, the snapshots and the pickers, and its history stays readable by id.
 */
export const setVehicleArchived = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  archived,
  actor,
}: TenantQuery & Audited & { vehicleId: number; archived: boolean }): Promise<VehicleRow> => {
  await db.transaction(async (tx) => {
    const tenantVehicle = and(whereTenant(vehicles, { companyId, dataset }), eq(vehicles.id, vehicleId));
    const [before] = await tx.select().from(vehicles).where(tenantVehicle).for("update");
    if (!before) throw new AppError("not_found", `No vehicle with id ${vehicleId}.`);
    if ((before.archivedAt !== null) === archived) return;
    const [after] = await tx
      .update(vehicles)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
      .where(tenantVehicle)
      .returning({ archivedAt: vehicles.archivedAt });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: archived ? "vehicle.archived" : "vehicle.unarchived",
      target: { type: "vehicle", id: vehicleId },
      changes: changedFields({ before, after }),
    });
    await raiseVehicleEvent({ db: tx, companyId, dataset, eventType: "VehicleUpdated", vehicle: before });
  });
  return getVehicle({ db, companyId, dataset, vehicleId });
};
