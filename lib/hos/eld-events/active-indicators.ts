import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { eldEvents } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { isLogged, latestConditionRecords } from "./latest-condition-records";

/** Table 4's malfunction codes are letters (P, E, T, L, R, S, O), its data diagnostic codes digits (1 to 6). */
export const isMalfunctionCode = (code: string) => /^[A-Z]$/.test(code);

/**
 * The malfunctions and data diagnostics active on each ELD (vehicle): the Table 4 codes whose latest type 7 record
 * logged them. One statement for all the vehicles.
 */
export const readActiveIndicators = async ({ db, companyId, dataset, vehicleIds }: Tenant & { db: Executor; vehicleIds: readonly number[] }) => {
  const active = new Map<number, Set<string>>(vehicleIds.map((vehicleId) => [vehicleId, new Set<string>()]));
  if (vehicleIds.length === 0) return active;
  const latest = await latestConditionRecords({
    db,
    companyId,
    dataset,
    per: "vehicle",
    where: and(inArray(eldEvents.vehicleId, [...vehicleIds]), eq(eldEvents.recordStatus, "active")),
  });
  for (const row of latest) if (row.diagnosticCode && isLogged(row.code)) active.get(row.vehicleId!)?.add(row.diagnosticCode);
  return active;
};
