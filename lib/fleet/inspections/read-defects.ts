import { and, asc, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { dvirDefects, vehicles } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { withPhotos } from "./defect-photos";
import { afterPosition, type UpdatedPosition } from "@/lib/platform/updated-position";
import { defectColumns, vehicleOfDefect, type DefectRow } from "./read-dvirs";

const readDefects = async ({ db, tenant, where, order, limit }: { db: Executor; tenant: Tenant; where: SQL | undefined; order: SQL[]; limit: number }) => {
  const defects = await db
    .select(defectColumns)
    .from(dvirDefects)
    .innerJoin(vehicles, vehicleOfDefect)
    .where(and(whereTenant(dvirDefects, tenant), where))
    .orderBy(...order)
    .limit(limit);
  return (await withPhotos({ db, tenant, defects })) as DefectRow[];
};

type DefectWindow = { startTime: Date; endTime: Date; isResolved?: boolean };

/** Defects whose time `column` falls in [startTime, endTime), open or resolved only when asked. */
const inWindow = (column: typeof dvirDefects.updatedAt | typeof dvirDefects.createdAt, { startTime, endTime, isResolved }: DefectWindow) =>
  and(gte(column, startTime), lt(column, endTime), isResolved === undefined ? undefined : eq(dvirDefects.isResolved, isResolved));

/** Defects updated in [startTime, endTime) in update order (Samsara's GET /defects/stream), resolved or open only when asked. */
export const streamDefects = ({ db, companyId, dataset, after, limit, ...window }: TenantQuery & DefectWindow & { after?: UpdatedPosition; limit: number }) =>
  readDefects({
    db,
    tenant: { companyId, dataset },
    where: and(inWindow(dvirDefects.updatedAt, window), afterPosition(dvirDefects, after)),
    order: [asc(dvirDefects.updatedAt), asc(dvirDefects.id)],
    limit,
  });

/** One of the tenant's defects; 404 for another tenant's. */
export const getDefect = async ({ db, companyId, dataset, defectId }: TenantQuery & { defectId: number }): Promise<DefectRow> => {
  const [row] = await readDefects({ db, tenant: { companyId, dataset }, where: eq(dvirDefects.id, defectId), order: [], limit: 1 });
  if (!row) throw new AppError("not_found", `No defect with id ${defectId}.`);
  return row;
};

/** A vehicle's open defects, oldest first: what the next driver reviews (49 CFR 396.13(b)). */
export const listOpenDefects = ({ db, companyId, dataset, vehicleId }: TenantQuery & { vehicleId: number }) =>
  readDefects({
    db,
    tenant: { companyId, dataset },
    where: and(eq(dvirDefects.vehicleId, vehicleId), eq(dvirDefects.isResolved, false)),
    order: [asc(dvirDefects.id)],
    limit: 200,
  });

/** Defects created in [startTime, endTime) in id order after `afterId` (Samsara's legacy GET /fleet/defects/history). */
export const defectHistory = ({ db, companyId, dataset, afterId, limit, ...window }: TenantQuery & DefectWindow & { afterId?: number; limit: number }) =>
  readDefects({
    db,
    tenant: { companyId, dataset },
    where: and(inWindow(dvirDefects.createdAt, window), afterId === undefined ? undefined : gt(dvirDefects.id, afterId)),
    order: [asc(dvirDefects.id)],
    limit,
  });
