import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { deviceLookups, devices, feedCounters, vehicles, type DeviceModel } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError, isUniqueViolation } from "@/lib/platform/errors";
import type { Tenant, TenantQuery } from "@/lib/platform/tenant";
import { forgetUnclaimedDevice } from "./unclaimed-devices";

/**
 * The one module that changes which device reports for which vehicle: the tenant's `devices` row and
 * the global `device_lookups` row change together, in the caller's transaction or one of their own.
 * History rows carry the vehicle they were reported for, so a move never rewrites history.
 */

export type DeviceVehicle = Tenant & { vehicleId: number };
export type DeviceRow = typeof devices.$inferSelect;

type Audited = { actor: AuditActor };

/** A concurrent change took the identifier or the vehicle between the checks and the write. */
const raceConflict = (error: unknown) => {
  throw isUniqueViolation(error) ? new AppError("conflict", "The device or the vehicle was changed at the same time; reload and try again.") : error;
};

/** A registered device's company and vehicle (null: registered, bound to none). */
export type RegisteredDevice = Tenant & { vehicleId: number | null };

/**
 * Registered device identifiers' companies and vehicles, from the global `device_lookups` table: a device arrives
 * before its company is known, and on Citus a lookup by identifier in a distributed table would ask every shard. An
 * unregistered identifier is absent from the map.
 */
export const findRegisteredDevices = async ({ db, deviceIds }: { db: Executor; deviceIds: readonly string[] }): Promise<Map<string, RegisteredDevice>> => {
  const rows = await db
    .select({ deviceId: deviceLookups.deviceId, vehicleId: deviceLookups.vehicleId, companyId: deviceLookups.companyId, dataset: deviceLookups.dataset })
    .from(deviceLookups)
    .where(inArray(deviceLookups.deviceId, [...deviceIds]));
  return new Map(rows.map(({ deviceId, ...found }) => [deviceId, found]));
};

/** One registered device identifier's company and vehicle; null for an unregistered identifier. */
export const findRegisteredDevice = async ({ db, deviceId }: { db: Executor; deviceId: string }): Promise<RegisteredDevice | null> =>
  (await findRegisteredDevices({ db, deviceIds: [deviceId] })).get(deviceId) ?? null;

/** The vehicle a device identifier (OsmAnd id, tracker IMEI) reports for; null for an unknown or unbound device. */
export const findDeviceVehicle = async ({ db, deviceId }: { db: Executor; deviceId: string }): Promise<DeviceVehicle | null> => {
  const found = await findRegisteredDevice({ db, deviceId });
  return found && found.vehicleId !== null ? { ...found, vehicleId: found.vehicleId } : null;
};

/** 404 unless the vehicle is the tenant's; 409 naming the device when another device reports for it. */
const assertVehicleFree = async ({ db, companyId, dataset, vehicleId, deviceRowId }: TenantQuery & { vehicleId: number; deviceRowId?: number }) => {
  const [vehicle] = await db
    .select({ id: vehicles.id, name: vehicles.name })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset), eq(vehicles.id, vehicleId)));
  if (!vehicle) throw new AppError("not_found", `No vehicle with id ${vehicleId}.`);
  const [carried] = await db
    .select({ id: devices.id, identifier: devices.identifier })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.vehicleId, vehicleId)));
  if (carried && carried.id !== deviceRowId)
    throw new AppError("conflict", `Vehicle "${vehicle.name}" already has device "${carried.identifier}": unbind it first.`);
};

/**
 * When a device is bound: now, and the tenant's last feed sequence. The vehicle's reports written after that
 * sequence are the device's, whatever their time (a claimed tracker sends the records it kept while refused).
 */
const bindingMark = async ({ db, companyId, dataset }: TenantQuery) => {
  const [counter] = await db
    .select({ seq: feedCounters.seq })
    .from(feedCounters)
    .where(and(eq(feedCounters.companyId, companyId), eq(feedCounters.dataset, dataset)));
  return { boundAt: new Date(), boundSeq: counter?.seq ?? 0 };
};

export type RegisterDeviceInput = { identifier: string; model: DeviceModel; name?: string; vehicleId?: number | null };

/**
 * Registers a device in the tenant, bound to `vehicleId` when given. 409 naming the identifier when it
 * is registered already (the same answer here or in another company), or naming the device the vehicle already has.
 * `claimed` records the registration as the claim of an unclaimed device.
 */
export const registerDevice = ({
  db,
  companyId,
  dataset,
  input,
  actor,
  claimed = false,
}: TenantQuery & Audited & { input: RegisterDeviceInput; claimed?: boolean }): Promise<DeviceRow> =>
  db
    .transaction(async (tx) => {
      const vehicleId = input.vehicleId ?? null;
      if (vehicleId !== null) await assertVehicleFree({ db: tx, companyId, dataset, vehicleId });
      // The global primary key decides between concurrent registrations of one identifier.
      const [lookup] = await tx.insert(deviceLookups).values({ deviceId: input.identifier, companyId, dataset, vehicleId }).onConflictDoNothing().returning();
      // One answer whoever holds it: a company must not learn which identifiers another company has (docs/decisions.md).
      if (!lookup) throw new AppError("conflict", `Device "${input.identifier}" is already registered.`);
      const bound = vehicleId === null ? { boundAt: null, boundSeq: null } : await bindingMark({ db: tx, companyId, dataset });
      const [row] = await tx
        .insert(devices)
        .values({ companyId, dataset, identifier: input.identifier, model: input.model, name: input.name ?? "", vehicleId, ...bound })
        .returning();
      await forgetUnclaimedDevice({ db: tx, identifier: input.identifier });
      const changes = {
        identifier: { before: null, after: row.identifier },
        model: { before: null, after: row.model },
        name: { before: null, after: row.name },
        vehicleId: { before: null, after: vehicleId },
      };
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: claimed ? "device.claimed" : "device.registered",
        target: { type: "device", id: row.identifier },
        changes,
      });
      return row;
    })
    .catch(raceConflict);

/** The tenant's device by its row id, locked for the change; 404 for another tenant's. */
const lockDevice = async ({ db, companyId, dataset, deviceRowId }: TenantQuery & { deviceRowId: number }) => {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.dataset, dataset), eq(devices.id, deviceRowId)))
    .for("update");
  if (!row) throw new AppError("not_found", `No device with id ${deviceRowId}.`);
  return row;
};

/**
 * Binds one of the tenant's devices to a vehicle, moves it to another, or unbinds it (null). Its
 * earlier reports stay with the vehicle they were reported for; from now on it reports for the new one.
 */
export const bindDevice = ({
  db,
  companyId,
  dataset,
  deviceRowId,
  vehicleId,
  actor,
}: TenantQuery & Audited & { deviceRowId: number; vehicleId: number | null }): Promise<DeviceRow> =>
  db
    .transaction(async (tx) => {
      const before = await lockDevice({ db: tx, companyId, dataset, deviceRowId });
      if (before.vehicleId === vehicleId) return before;
      if (vehicleId !== null) await assertVehicleFree({ db: tx, companyId, dataset, vehicleId, deviceRowId });
      const [row] = await tx
        .update(devices)
        .set({ vehicleId, ...(vehicleId === null ? { boundAt: null, boundSeq: null } : await bindingMark({ db: tx, companyId, dataset })) })
        .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceRowId)))
        .returning();
      await tx
        .update(deviceLookups)
        .set({ vehicleId })
        .where(and(eq(deviceLookups.deviceId, row.identifier), eq(deviceLookups.companyId, companyId)));
      const action = vehicleId === null ? "device.unbound" : "device.bound";
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action,
        target: { type: "device", id: row.identifier },
        changes: { vehicleId: { before: before.vehicleId, after: vehicleId } },
      });
      return row;
    })
    .catch(raceConflict);

/** Removes a device from the tenant: it is refused (and listed as unclaimed) when it reports again; its history stays. */
export const unregisterDevice = ({ db, companyId, dataset, deviceRowId, actor }: TenantQuery & Audited & { deviceRowId: number }): Promise<void> =>
  db.transaction(async (tx) => {
    const row = await lockDevice({ db: tx, companyId, dataset, deviceRowId });
    await tx.delete(devices).where(and(eq(devices.companyId, companyId), eq(devices.id, deviceRowId)));
    await tx.delete(deviceLookups).where(and(eq(deviceLookups.deviceId, row.identifier), eq(deviceLookups.companyId, companyId)));
    const changes = { identifier: { before: row.identifier, after: null }, vehicleId: { before: row.vehicleId, after: null } };
    await recordAuditEvent({ db: tx, companyId, actor, action: "device.unregistered", target: { type: "device", id: row.identifier }, changes });
  });

/**
 * Registers many devices at once, each bound to its vehicle, without audit events: the demo seed and
 * the benchmarks (thousands of vehicles; statements kept below PostgreSQL's bind-parameter limit).
 */
export const insertBoundDevices = async ({
  db,
  companyId,
  dataset,
  rows,
}: TenantQuery & { rows: readonly { identifier: string; model: DeviceModel; vehicleId: number }[] }) => {
  const boundAt = new Date();
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db
      .insert(devices)
      .values(chunk.map((row) => ({ companyId, dataset, identifier: row.identifier, model: row.model, vehicleId: row.vehicleId, boundAt })));
    await db.insert(deviceLookups).values(chunk.map((row) => ({ deviceId: row.identifier, companyId, dataset, vehicleId: row.vehicleId })));
  }
};
