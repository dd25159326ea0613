import { and, asc, eq, gte } from "drizzle-orm";
import { drivers, hosLogs } from "@/db/schema";
import { computeHosClocks, type HosClocks } from "@/lib/hos";
import { whereTenant, type TenantQuery } from "@/lib/tenant";

/** The 70-hour/8-day cycle needs at most 8 days of history, plus a restart's 34 hours before it. */
const LOG_WINDOW_MS = 10 * 24 * 60 * 60 * 1000;

/** A driver's HOS clocks now, from the last 10 days of the tenant's duty-status log; null without a log. */
export const findDriverClocks = async ({ db, companyId, dataset, driverId, at }: TenantQuery & { driverId: number; at: Date }): Promise<HosClocks | null> => {
  const [driver] = await db
    .select({ ruleset: drivers.hosRuleset, timezone: drivers.timezone, dayStartHour: drivers.dayStartHour })
    .from(drivers)
    .where(and(whereTenant(drivers, { companyId, dataset }), eq(drivers.id, driverId)));
  if (!driver) return null;
  const log = await db
    .select({ status: hosLogs.status, startTime: hosLogs.startTime, adverseDriving: hosLogs.adverseDriving })
    .from(hosLogs)
    .where(and(whereTenant(hosLogs, { companyId, dataset }), eq(hosLogs.driverId, driverId), gte(hosLogs.startTime, new Date(at.getTime() - LOG_WINDOW_MS))))
    .orderBy(asc(hosLogs.startTime));
  if (log.length === 0) return null;
  return computeHosClocks({ log, ruleset: driver.ruleset, at, timezone: driver.timezone, dayStartHour: driver.dayStartHour });
};
