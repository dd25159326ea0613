import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { trailerAssignments, vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { setVehicleTags } from "@/lib/fleet/tags/tag-members";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { getVehicle } from "@/lib/fleet/vehicles/get-vehicle";
import type { VehicleRow } from "@/lib/fleet/vehicles/list-vehicles";
import { isUniqueViolation } from "@/lib/fleet/vehicles/vehicle-columns";
import { NO_SERIAL_PREFIX, type CreateTrailerInput, type TrailerInput } from "./trailer-input";

type Audited = { actor: AuditActor };

const duplicateSerial = (serial: string | undefined) =>
  new AppError("conflict", `Invalid value for "trailerSerialNumber": an asset with serial number ${serial} already exists.`);

/** The input's fields as the asset's columns (tags are memberships, written apart). */
const toColumns = ({ licensePlate, trailerSerialNumber, tagIds: _memberships, ...same }: TrailerInput): Partial<typeof vehicles.$inferInsert> => ({
  ...same,
  ...(licensePlate !== undefined ? { plateNumber: licensePlate } : {}),
  ...(trailerSerialNumber !== undefined ? { vin: trailerSerialNumber.toUpperCase() } : {}),
});

/** A trailer of the tenant, archived ones left out (a deleted trailer is gone from the interface): 404 otherwise. */
export const getTrailer = async ({ db, companyId, dataset, trailerId }: TenantQuery & { trailerId: number }): Promise<VehicleRow> => {
  const trailer = await getVehicle({ db, companyId, dataset, vehicleId: trailerId, kind: "trailer" });
  if (trailer.archivedAt) throw new AppError("not_found", `No trailer with id ${trailerId}.`);
  return trailer;
};

/** Creates a trailer (an asset of kind `trailer`); 409 naming a serial number the dataset has on another asset. */
export const createTrailer = async ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: CreateTrailerInput }): Promise<VehicleRow> => {
  const id = await db
    .transaction(async (tx) => {
      const columns = toColumns(input);
      const [row] = await tx
        .insert(vehicles)
        .values({
          ...columns,
          name: input.name,
          vin: columns.vin ?? `${NO_SERIAL_PREFIX}${randomUUID()}`,
          assetKind: "trailer",
          typeId: 0,
          typeName: "Trailer",
          companyId,
          dataset,
        })
        .returning({ id: vehicles.id });
      if (input.tagIds) await setVehicleTags({ db: tx, companyId, dataset, vehicleId: row.id, tagIds: input.tagIds });
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: "trailer.created",
        target: { type: "trailer", id: row.id },
        changes: changedFields({ before: null, after: { ...columns, tagIds: input.tagIds, dataset } }),
      });
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSerial(input.trailerSerialNumber) : error;
    });
  return getTrailer({ db, companyId, dataset, trailerId: id });
};

const lockTrailer = async ({ db, companyId, dataset, trailerId }: TenantQuery & { trailerId: number }) => {
  const where = and(whereTenant(vehicles, { companyId, dataset }), eq(vehicles.id, trailerId), eq(vehicles.assetKind, "trailer"), isNull(vehicles.archivedAt));
  const [before] = await db.select().from(vehicles).where(where).for("update");
  if (!before) throw new AppError("not_found", `No trailer with id ${trailerId}.`);
  return { before, where };
};

/** Updates the given fields of a trailer (JSON merge patch, `tagIds` replacing the trailer's tags); 404, 409 as on create. */
export const updateTrailer = async ({
  db,
  companyId,
  dataset,
  trailerId,
  input,
  actor,
}: TenantQuery & Audited & { trailerId: number; input: TrailerInput }): Promise<VehicleRow> => {
  await db
    .transaction(async (tx) => {
      const { before, where } = await lockTrailer({ db: tx, companyId, dataset, trailerId });
      const columns = toColumns(input);
      await tx
        .update(vehicles)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(where);
      if (input.tagIds) await setVehicleTags({ db: tx, companyId, dataset, vehicleId: trailerId, tagIds: input.tagIds });
      const changes = { ...changedFields({ before, after: columns }), ...(input.tagIds ? { tagIds: { before: null, after: input.tagIds } } : {}) };
      if (Object.keys(changes).length === 0) return;
      await recordAuditEvent({ db: tx, companyId, actor, action: "trailer.updated", target: { type: "trailer", id: trailerId }, changes });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateSerial(input.trailerSerialNumber) : error;
    });
  return getTrailer({ db, companyId, dataset, trailerId });
};

/**
 * Deletes a trailer from the interface: archived, as a vehicle is (its positions and couplings stay in
 * playback and reports), its open couplings ended now. 404 for a trailer already deleted.
 */
export const deleteTrailer = async ({ db, companyId, dataset, trailerId, actor }: TenantQuery & Audited & { trailerId: number }) => {
  await db.transaction(async (tx) => {
    const { where } = await lockTrailer({ db: tx, companyId, dataset, trailerId });
    await tx
      .update(vehicles)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(where);
    await tx
      .update(trailerAssignments)
      .set({ endTime: sql`now()`, updatedAt: sql`now()` })
      .where(and(whereTenant(trailerAssignments, { companyId, dataset }), eq(trailerAssignments.trailerId, trailerId), isNull(trailerAssignments.endTime)));
    await recordAuditEvent({ db: tx, companyId, actor, action: "trailer.deleted", target: { type: "trailer", id: trailerId }, changes: {} });
  });
};
