import { and, desc, eq, lte } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { hosLogs } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/** The driver's log entry in effect at `at` (the latest starting at or before it), or null. */
export const dutyStatusAt = async ({ db, companyId, dataset, driverId, at }: Tenant & { db: Executor; driverId: number; at: Date }) => {
  const [entry] = await db
    .select({ id: hosLogs.id, status: hosLogs.status, startTime: hosLogs.startTime, origin: hosLogs.origin })
    .from(hosLogs)
    .where(and(eq(hosLogs.companyId, companyId), eq(hosLogs.dataset, dataset), eq(hosLogs.driverId, driverId), lte(hosLogs.startTime, at)))
    .orderBy(desc(hosLogs.startTime))
    .limit(1);
  return entry ?? null;
};
