import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { dvirDefects, dvirs, vehicles, type DefectResolution, type DvirType, type SafetyStatus } from "@/db/schema";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { afterPosition, type UpdatedPosition } from "@/lib/platform/updated-position";
import { withPhotos, type DefectPhoto } from "./defect-photos";

/** A report's state: what the signer declared, or `resolved` once its defects are all resolved (Samsara's safetyStatus). */
export const DVIR_STATUSES = ["safe", "unsafe", "resolved"] as const;
export type DvirStatus = (typeof DVIR_STATUSES)[number];

export type DefectRow = {
  id: number;
  dvirId: number;
  vehicleId: number;
  vehicleName: string;
  defectTypeId: number;
  defectTypeLabel: string;
  comment: string;
  isResolved: boolean;
  resolution: DefectResolution | null;
  resolvedAt: Date | null;
  resolvedByType: "driver" | "mechanic" | null;
  resolvedById: string | null;
  resolvedByName: string | null;
  mechanicNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The driver's photos of it (at most 5), oldest first. */
  photos: DefectPhoto[];
};

export type DvirRow = {
  id: number;
  type: DvirType;
  vehicleId: number;
  vehicleName: string;
  trailerName: string | null;
  driverId: number | null;
  authorUserId: number | null;
  odometerMeters: number | null;
  safetyStatus: SafetyStatus;
  status: DvirStatus;
  licensePlate: string | null;
  location: string | null;
  mechanicNotes: string | null;
  signatureName: string;
  signedAt: Date;
  startedAt: Date;
  submittedAt: Date;
  resolvedAt: Date | null;
  /** The next driver's signed review (49 CFR 396.13(b), Samsara's secondSignature), null until then. */
  review: { driverId: number; signatureName: string; signedAt: Date } | null;
  updatedAt: Date;
  defects: DefectRow[];
};

export const defectColumns = {
  id: dvirDefects.id,
  dvirId: dvirDefects.dvirId,
  vehicleId: dvirDefects.vehicleId,
  vehicleName: vehicles.name,
  defectTypeId: dvirDefects.defectTypeId,
  defectTypeLabel: dvirDefects.defectTypeLabel,
  comment: dvirDefects.comment,
  isResolved: dvirDefects.isResolved,
  resolution: dvirDefects.resolution,
  resolvedAt: dvirDefects.resolvedAt,
  resolvedByType: dvirDefects.resolvedByType,
  resolvedById: dvirDefects.resolvedById,
  resolvedByName: dvirDefects.resolvedByName,
  mechanicNotes: dvirDefects.mechanicNotes,
  createdAt: dvirDefects.createdAt,
  updatedAt: dvirDefects.updatedAt,
};

const dvirColumns = {
  id: dvirs.id,
  type: dvirs.type,
  vehicleId: dvirs.vehicleId,
  vehicleName: vehicles.name,
  trailerName: dvirs.trailerName,
  driverId: dvirs.driverId,
  authorUserId: dvirs.authorUserId,
  odometerMeters: dvirs.odometerMeters,
  safetyStatus: dvirs.safetyStatus,
  licensePlate: dvirs.licensePlate,
  location: dvirs.location,
  mechanicNotes: dvirs.mechanicNotes,
  signatureName: dvirs.signatureName,
  signedAt: dvirs.signedAt,
  startedAt: dvirs.startedAt,
  submittedAt: dvirs.submittedAt,
  resolvedAt: dvirs.resolvedAt,
  reviewDriverId: dvirs.reviewDriverId,
  reviewSignatureName: dvirs.reviewSignatureName,
  reviewSignedAt: dvirs.reviewSignedAt,
  updatedAt: dvirs.updatedAt,
};

// Joined on company_id as well: co-located shards on Citus, one tenant's rows.
const vehicleOfDvir = and(eq(vehicles.companyId, dvirs.companyId), eq(vehicles.id, dvirs.vehicleId));
export const vehicleOfDefect = and(eq(vehicles.companyId, dvirDefects.companyId), eq(vehicles.id, dvirDefects.vehicleId));

const statusWhere = (statuses: readonly DvirStatus[] | undefined): SQL | undefined =>
  statuses && statuses.length
    ? or(...statuses.map((status) => (status === "resolved" ? isNotNull(dvirs.resolvedAt) : and(isNull(dvirs.resolvedAt), eq(dvirs.safetyStatus, status)))))
    : undefined;

/** The DVIRs matching `where` in `order`, each with its defects. */
const readDvirs = async ({ db, tenant, where, order, limit }: { db: Executor; tenant: Tenant; where: SQL | undefined; order: SQL[]; limit: number }) => {
  const rows = await db
    .select(dvirColumns)
    .from(dvirs)
    .innerJoin(vehicles, vehicleOfDvir)
    .where(and(whereTenant(dvirs, tenant), where))
    .orderBy(...order)
    .limit(limit);
  const found = rows.length
    ? await db
        .select(defectColumns)
        .from(dvirDefects)
        .innerJoin(vehicles, vehicleOfDefect)
        .where(
          and(
            eq(dvirDefects.companyId, tenant.companyId),
            inArray(
              dvirDefects.dvirId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(dvirDefects.id))
    : [];
  const defects = await withPhotos({ db, tenant, defects: found });
  return rows.map(({ reviewDriverId, reviewSignatureName, reviewSignedAt, ...row }): DvirRow => ({
    ...row,
    review: reviewDriverId !== null && reviewSignedAt ? { driverId: reviewDriverId, signatureName: reviewSignatureName ?? "", signedAt: reviewSignedAt } : null,
    status: row.resolvedAt ? "resolved" : row.safetyStatus,
    defects: defects.filter((defect) => defect.dvirId === row.id),
  }));
};

/** DVIRs updated in [startTime, endTime) in update order (Samsara's GET /dvirs/stream), after `after`. */
export const streamDvirs = ({
  db,
  companyId,
  dataset,
  startTime,
  endTime,
  statuses,
  after,
  limit,
}: TenantQuery & { startTime: Date; endTime: Date; statuses?: DvirStatus[]; after?: UpdatedPosition; limit: number }) =>
  readDvirs({
    db,
    tenant: { companyId, dataset },
    where: and(gte(dvirs.updatedAt, startTime), lt(dvirs.updatedAt, endTime), statusWhere(statuses), afterPosition(dvirs, after)),
    order: [asc(dvirs.updatedAt), asc(dvirs.id)],
    limit,
  });

export type DvirFilters = { vehicleId?: number; statuses?: DvirStatus[]; types?: DvirType[]; from?: Date; to?: Date };

/** The Inspections page: newest first, submitted in [from, to), at most `limit`. */
export const listDvirs = ({ db, companyId, dataset, vehicleId, statuses, types, from, to, limit }: TenantQuery & DvirFilters & { limit: number }) =>
  readDvirs({
    db,
    tenant: { companyId, dataset },
    where: and(
      vehicleId === undefined ? undefined : eq(dvirs.vehicleId, vehicleId),
      statusWhere(statuses),
      types && types.length ? inArray(dvirs.type, types) : undefined,
      from ? gte(dvirs.submittedAt, from) : undefined,
      to ? lt(dvirs.submittedAt, to) : undefined,
    ),
    order: [desc(dvirs.submittedAt), desc(dvirs.id)],
    limit,
  });

/**
 * DVIRs submitted in [startTime, endTime) in id order after `afterId` (Samsara's legacy GET /fleet/dvirs/history),
 * of `vehicleIds` when given.
 */
export const dvirHistory = ({
  db,
  companyId,
  dataset,
  startTime,
  endTime,
  vehicleIds,
  afterId,
  limit,
}: TenantQuery & { startTime: Date; endTime: Date; vehicleIds?: readonly number[]; afterId?: number; limit: number }) =>
  readDvirs({
    db,
    tenant: { companyId, dataset },
    where: and(
      gte(dvirs.submittedAt, startTime),
      lt(dvirs.submittedAt, endTime),
      vehicleIds ? inArray(dvirs.vehicleId, [...vehicleIds]) : undefined,
      afterId === undefined ? undefined : gt(dvirs.id, afterId),
    ),
    order: [asc(dvirs.id)],
    limit,
  });

/** One of the tenant's DVIRs with its defects; 404 for another tenant's. */
export const getDvir = async ({ db, companyId, dataset, dvirId }: TenantQuery & { dvirId: number }): Promise<DvirRow> => {
  const [row] = await readDvirs({ db, tenant: { companyId, dataset }, where: eq(dvirs.id, dvirId), order: [asc(dvirs.id)], limit: 1 });
  if (!row) throw new AppError("not_found", `No DVIR with id ${dvirId}.`);
  return row;
};
