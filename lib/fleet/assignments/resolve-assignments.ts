import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { drivers, driverVehicleAssignments as assignments, vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { findDriversDuring, inList } from "./find-drivers-during";

/** Who (or what) was assigned at an instant, and why: an assignment row, or the static default. */
export type AssignedRef = { id: number; name: string; assignmentId: number | null };

/** Assignment rows of the tenant that cover `at` (start <= at < end, or open). */
const coveringAt = (tenant: TenantQuery, at: Date) =>
  and(whereTenant(assignments, tenant), lte(assignments.startTime, at), or(isNull(assignments.endTime), gt(assignments.endTime, at)));

const namesOf = async (tenant: TenantQuery, table: typeof drivers | typeof vehicles, ids: readonly number[]) =>
  new Map(
    ids.length === 0
      ? []
      : (
          await tenant.db
            .select({ id: table.id, name: table.name })
            .from(table)
            .where(and(whereTenant(table, tenant), inList(table.id, ids)))
        ).map((row) => [row.id, row.name]),
  );

/**
 * The driver of each vehicle at `at`: the assignment row covering `at` (passengers do not drive),
 * else the vehicle's static driver (lowest id) unless that driver is assigned elsewhere at `at`
 * (the rule: driver-rule.ts).
 */
export const findDriversForVehicles = async ({
  vehicleIds,
  at,
  ...tenant
}: TenantQuery & { vehicleIds: readonly number[]; at: Date }): Promise<Map<number, AssignedRef>> => {
  const driverAt = await findDriversDuring({ ...tenant, vehicleIds, range: { start: at, end: at } });
  const found = new Map(
    vehicleIds.flatMap((vehicleId) => {
      const driver = driverAt(vehicleId, at);
      return driver ? [[vehicleId, driver] as const] : [];
    }),
  );
  const names = await namesOf(
    tenant,
    drivers,
    [...found.values()].map((entry) => entry.driverId),
  );
  return new Map([...found].map(([vehicleId, { driverId, assignmentId }]) => [vehicleId, { id: driverId, name: names.get(driverId) ?? "", assignmentId }]));
};

/**
 * Each driver's vehicle at `at`: the assignment row covering `at` (a passenger's too), else the
 * driver's static vehicle unless someone else is assigned to drive it at `at`.
 */
export const findVehiclesForDrivers = async ({
  driverIds,
  at,
  ...tenant
}: TenantQuery & { driverIds: readonly number[]; at: Date }): Promise<Map<number, AssignedRef>> => {
  const { db } = tenant;
  const rows = await db
    .select({ id: assignments.id, vehicleId: assignments.vehicleId, driverId: assignments.driverId })
    .from(assignments)
    .where(and(coveringAt(tenant, at), inList(assignments.driverId, driverIds)));
  const found = new Map<number, { vehicleId: number; assignmentId: number | null }>(
    rows.map((row) => [row.driverId, { vehicleId: row.vehicleId, assignmentId: row.id }]),
  );
  const unassigned = driverIds.filter((id) => !found.has(id));
  if (unassigned.length > 0) {
    const statics = (
      await db
        .select({ id: drivers.id, vehicleId: drivers.staticAssignedVehicleId })
        .from(drivers)
        .where(and(whereTenant(drivers, tenant), inList(drivers.id, unassigned)))
    ).flatMap((driver) => (driver.vehicleId === null ? [] : [{ driverId: driver.id, vehicleId: driver.vehicleId }]));
    const taken = new Set(
      statics.length === 0
        ? []
        : (
            await db
              .select({ vehicleId: assignments.vehicleId })
              .from(assignments)
              .where(
                and(
                  coveringAt(tenant, at),
                  eq(assignments.isPassenger, false),
                  inList(
                    assignments.vehicleId,
                    statics.map((s) => s.vehicleId),
                  ),
                ),
              )
          ).map((r) => r.vehicleId),
    );
    for (const { driverId, vehicleId } of statics) if (!taken.has(vehicleId)) found.set(driverId, { vehicleId, assignmentId: null });
  }
  const names = await namesOf(
    tenant,
    vehicles,
    [...found.values()].map((entry) => entry.vehicleId),
  );
  // A static id pointing at a vehicle of no such tenant row (deleted) is no vehicle.
  return new Map(
    [...found].flatMap(([driverId, { vehicleId, assignmentId }]) =>
      names.has(vehicleId) ? [[driverId, { id: vehicleId, name: names.get(vehicleId)!, assignmentId }] as const] : [],
    ),
  );
};

/** Who drove vehicle `vehicleId` at `at` (null: nobody). */
export const findDriverForVehicle = async ({ vehicleId, ...options }: TenantQuery & { vehicleId: number; at: Date }) =>
  (await findDriversForVehicles({ ...options, vehicleIds: [vehicleId] })).get(vehicleId) ?? null;

/** Which vehicle driver `driverId` was in at `at` (null: none). */
export const findVehicleForDriver = async ({ driverId, ...options }: TenantQuery & { driverId: number; at: Date }) =>
  (await findVehiclesForDrivers({ ...options, driverIds: [driverId] })).get(driverId) ?? null;
