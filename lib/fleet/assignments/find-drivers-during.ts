import { and, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { intArray } from "@/db/rows";
import { drivers, driverVehicleAssignments as assignments } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { overlaps } from "./assignment-rules";
import { driverResolver, type StaticDriver } from "./driver-rule";

// One array parameter, not one parameter per id: the map asks about every vehicle of the fleet at once.
export const inList = (column: PgColumn, ids: readonly number[]): SQL => sql`${column} = any(${intArray([...new Set(ids)])})`;

/**
 * Who drove each of `vehicleIds` at any instant of `range` (both ends included), read in two
 * queries whatever the number of instants asked about afterwards: the vehicles' static drivers, then
 * every assignment meeting the range of those vehicles or of those drivers. The answer is a function
 * of (vehicle, instant) that applies the one rule (driver-rule.ts); asking outside `range` is wrong.
 */
export const findDriversDuring = async ({
  vehicleIds,
  range,
  ...tenant
}: TenantQuery & { vehicleIds: readonly number[]; range: { start: Date; end: Date } }) => {
  const { db } = tenant;
  if (vehicleIds.length === 0) return driverResolver<number>({ assignments: [], staticDrivers: [] });
  const staticDrivers = (
    await db
      .select({ driverId: drivers.id, vehicleId: drivers.staticAssignedVehicleId })
      .from(drivers)
      .where(and(whereTenant(drivers, tenant), inList(drivers.staticAssignedVehicleId, vehicleIds)))
      .orderBy(drivers.id)
  ).flatMap(({ driverId, vehicleId }): StaticDriver<number>[] => (vehicleId === null ? [] : [{ driverId, vehicleId }]));
  const ofThem =
    staticDrivers.length === 0
      ? inList(assignments.vehicleId, vehicleIds)
      : or(
          inList(assignments.vehicleId, vehicleIds),
          inList(
            assignments.driverId,
            staticDrivers.map((entry) => entry.driverId),
          ),
        );
  const spans = await db
    .select({
      id: assignments.id,
      driverId: assignments.driverId,
      vehicleId: assignments.vehicleId,
      startTime: assignments.startTime,
      endTime: assignments.endTime,
      isPassenger: assignments.isPassenger,
    })
    .from(assignments)
    .where(and(whereTenant(assignments, tenant), overlaps({ startTime: range.start, endTime: new Date(range.end.getTime() + 1) }), ofThem));
  return driverResolver({ assignments: spans, staticDrivers });
};
