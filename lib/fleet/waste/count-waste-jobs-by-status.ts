import { and, count, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { wasteJobs } from "@/db/schema";
import type { FindWasteJobsOptions } from "./find-waste-jobs";

type CountOptions = Omit<FindWasteJobsOptions, "statuses" | "offset" | "limit">;

/**
 * How many of a company's waste jobs are in each status under the other filters of findWasteJobs
 * (for the dashboard's counts); statuses without jobs are absent.
 */
export const countWasteJobsByStatus = async ({
  db,
  companyId,
  dataset,
  serviceTypes,
  scheduledFrom,
  scheduledTo,
  assignedToAssetId,
}: CountOptions): Promise<Record<string, number>> => {
  const conditions: (SQL | undefined)[] = [
    eq(wasteJobs.companyId, companyId),
    eq(wasteJobs.dataset, dataset),
    serviceTypes?.length ? inArray(wasteJobs.serviceType, serviceTypes) : undefined,
    scheduledFrom ? gte(wasteJobs.scheduledDate, scheduledFrom) : undefined,
    scheduledTo ? lt(wasteJobs.scheduledDate, scheduledTo) : undefined,
    assignedToAssetId === undefined ? undefined : eq(wasteJobs.assignedToAssetId, assignedToAssetId),
  ];
  const rows = await db
    .select({ status: wasteJobs.status, n: count() })
    .from(wasteJobs)
    .where(and(...conditions))
    .groupBy(wasteJobs.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
};
