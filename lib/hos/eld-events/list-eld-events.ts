import { and, asc, gte, inArray, lt } from "drizzle-orm";
import { eldEvents } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

export type EldEventRow = typeof eldEvents.$inferSelect;

/** The drivers' stored ELD records of every status with their time in `[from, to)`, per driver, in the order they happened. */
export const listDriversEldEvents = async ({
  db,
  companyId,
  dataset,
  driverIds,
  from,
  to,
}: TenantQuery & { driverIds: readonly number[]; from: Date; to: Date }): Promise<Map<number, EldEventRow[]>> => {
  const byDriver = new Map<number, EldEventRow[]>(driverIds.map((id) => [id, []]));
  if (driverIds.length === 0) return byDriver;
  const rows = await db
    .select()
    .from(eldEvents)
    .where(
      and(whereTenant(eldEvents, { companyId, dataset }), inArray(eldEvents.driverId, [...driverIds]), gte(eldEvents.eventAt, from), lt(eldEvents.eventAt, to)),
    )
    .orderBy(asc(eldEvents.eventAt), asc(eldEvents.id));
  for (const row of rows) byDriver.get(row.driverId!)?.push(row);
  return byDriver;
};
