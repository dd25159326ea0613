import { and, asc, count, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, vehicles, wasteJobs, type Dataset } from "@/db/schema";
import { wasteJobColumns } from "./waste-job-columns";

export const WASTE_JOBS_DEFAULT_LIMIT = 50;
export const WASTE_JOBS_MAX_LIMIT = 500;

export type FindWasteJobsOptions = {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  statuses?: string[];
  serviceTypes?: string[];
  /** Jobs scheduled at or after this instant. */
  scheduledFrom?: Date;
  /** Jobs scheduled before this instant. */
  scheduledTo?: Date;
  assignedToAssetId?: number;
  offset?: number;
  limit?: number;
};

export type WasteJob = {
  jobId: number;
  companyId: number;
  scheduledDate: Date;
  serviceType: string;
  status: string;
  pickUpClientName: string;
  pickUpAddress: string;
  assignedToAssetId: number | null;
  assignedToAssetName: string | null;
  assignedToDriverName: string | null;
  tonnage: number;
  utcCreated: Date;
};

/**
 * One page of a company's waste jobs in schedule order, and how many match in total. Every filter
 * leads with (company, dataset), so each runs on one of the waste_jobs indexes.
 */
export const findWasteJobs = async ({
  db,
  companyId,
  dataset,
  statuses,
  serviceTypes,
  scheduledFrom,
  scheduledTo,
  assignedToAssetId,
  offset = 0,
  limit = WASTE_JOBS_DEFAULT_LIMIT,
}: FindWasteJobsOptions): Promise<{ jobs: WasteJob[]; count: number }> => {
  const conditions: (SQL | undefined)[] = [
    eq(wasteJobs.companyId, companyId),
    eq(wasteJobs.dataset, dataset),
    statuses?.length ? inArray(wasteJobs.status, statuses) : undefined,
    serviceTypes?.length ? inArray(wasteJobs.serviceType, serviceTypes) : undefined,
    scheduledFrom ? gte(wasteJobs.scheduledDate, scheduledFrom) : undefined,
    scheduledTo ? lt(wasteJobs.scheduledDate, scheduledTo) : undefined,
    assignedToAssetId === undefined ? undefined : eq(wasteJobs.assignedToAssetId, assignedToAssetId),
  ];
  const where = and(...conditions);
  const [jobs, [total]] = await Promise.all([
    db
      .select(wasteJobColumns)
      .from(wasteJobs)
      // The joins repeat the tenant so a stray id can never pull another company's names.
      .leftJoin(vehicles, and(eq(vehicles.id, wasteJobs.assignedToAssetId), eq(vehicles.companyId, companyId), eq(vehicles.dataset, dataset)))
      .leftJoin(drivers, and(eq(drivers.id, wasteJobs.assignedToDriverId), eq(drivers.companyId, companyId), eq(drivers.dataset, dataset)))
      .where(where)
      .orderBy(asc(wasteJobs.scheduledDate), asc(wasteJobs.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(wasteJobs).where(where),
  ]);
  return { jobs, count: total.n };
};
