import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { intArray } from "@/db/rows";
import { trailerAssignments, vehicles } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import type { TrailerAssignmentRow } from "./driver-trailer-assignments";

export type Coupling = TrailerAssignmentRow & { trailerName: string };

/**
 * The couplings (driver assignments and detected ones) that meet `range`, with the trailer's name,
 * oldest start first. Narrowed by trailers, drivers or tractors; naming drivers and tractors together
 * gives the couplings of either (a driver's day: what they assigned, and what was detected behind the
 * vehicles they drove).
 */
export const findCouplings = async ({
  db,
  companyId,
  dataset,
  range,
  trailerIds,
  driverIds,
  vehicleIds,
}: TenantQuery & {
  range: { start: Date; end: Date };
  trailerIds?: readonly number[];
  driverIds?: readonly number[];
  vehicleIds?: readonly number[];
}): Promise<Coupling[]> => {
  const conditions: (SQL | undefined)[] = [
    whereTenant(trailerAssignments, { companyId, dataset }),
    lt(trailerAssignments.startTime, range.end),
    or(isNull(trailerAssignments.endTime), gt(trailerAssignments.endTime, range.start)),
  ];
  if (trailerIds) conditions.push(sql`${trailerAssignments.trailerId} = any(${intArray(trailerIds)})`);
  const parties = [
    driverIds ? sql`${trailerAssignments.driverId} = any(${intArray(driverIds)})` : undefined,
    vehicleIds ? sql`${trailerAssignments.vehicleId} = any(${intArray(vehicleIds)})` : undefined,
  ].filter((condition) => condition !== undefined);
  if (parties.length > 0) conditions.push(or(...parties));
  return db
    .select({ ...trailerAssignmentColumns, trailerName: vehicles.name })
    .from(trailerAssignments)
    .innerJoin(vehicles, and(eq(vehicles.companyId, trailerAssignments.companyId), eq(vehicles.id, trailerAssignments.trailerId)))
    .where(and(...conditions))
    .orderBy(asc(trailerAssignments.startTime), asc(trailerAssignments.id));
};

const trailerAssignmentColumns = {
  id: trailerAssignments.id,
  companyId: trailerAssignments.companyId,
  dataset: trailerAssignments.dataset,
  trailerId: trailerAssignments.trailerId,
  driverId: trailerAssignments.driverId,
  vehicleId: trailerAssignments.vehicleId,
  startTime: trailerAssignments.startTime,
  endTime: trailerAssignments.endTime,
  source: trailerAssignments.source,
  createdAt: trailerAssignments.createdAt,
  updatedAt: trailerAssignments.updatedAt,
};

/** The names of the trailers coupled over `range`, each once, in coupling order (the ELD header's and the DVIR's trailer list). */
export const findCoupledTrailerNames = async (options: Parameters<typeof findCouplings>[0]) => [
  ...new Set((await findCouplings(options)).map((coupling) => coupling.trailerName)),
];
