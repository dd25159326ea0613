import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { eldEvents } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";

/** Table 4's malfunction codes are letters (P, E, T, L, R, S, O), its data diagnostic codes digits (1 to 6). */
export const isMalfunctionCode = (code: string) => /^[A-Z]$/.test(code);

/** Table 6, type 7: codes 1 (malfunction) and 3 (data diagnostic) log one, 2 and 4 clear it. */
export const isLogged = (eventCode: number) => eventCode === 1 || eventCode === 3;

/**
 * The malfunctions and data diagnostics active on each ELD (vehicle): the Table 4 codes whose latest type 7 record
 * logged them. One statement for all the vehicles.
 */
export const readActiveIndicators = async ({ db, companyId, dataset, vehicleIds }: Tenant & { db: Executor; vehicleIds: readonly number[] }) => {
  const active = new Map<number, Set<string>>(vehicleIds.map((vehicleId) => [vehicleId, new Set<string>()]));
  if (vehicleIds.length === 0) return active;
  const latest = await db
    .selectDistinctOn([eldEvents.vehicleId, eldEvents.diagnosticCode], {
      vehicleId: eldEvents.vehicleId,
      diagnosticCode: eldEvents.diagnosticCode,
      code: eldEvents.eventCode,
    })
    .from(eldEvents)
    .where(
      and(
        eq(eldEvents.companyId, companyId),
        eq(eldEvents.dataset, dataset),
        inArray(eldEvents.vehicleId, [...vehicleIds]),
        eq(eldEvents.eventType, 7),
        eq(eldEvents.recordStatus, "active"),
      ),
    )
    .orderBy(eldEvents.vehicleId, eldEvents.diagnosticCode, desc(eldEvents.eventAt), desc(eldEvents.id));
  for (const row of latest) if (row.diagnosticCode && isLogged(row.code)) active.get(row.vehicleId!)?.add(row.diagnosticCode);
  return active;
};
