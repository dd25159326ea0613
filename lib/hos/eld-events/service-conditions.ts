import { and, eq, exists, gte, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, eldEvents } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { isMalfunctionCode } from "./active-indicators";
import { isLogged, latestConditionRecords } from "./latest-condition-records";
import type { EldEventDraft } from "./record-eld-events";

/** The drivers a service condition's records go on: those with ELD records in today and the previous 7 days (the roadside period, 395.24). */
export const CHECK_SCOPE_MS = 8 * 86_400_000;

/** The tenant's drivers with ELD records since `since`. */
const recentDrivers = async ({ db, companyId, dataset, since }: Tenant & { db: Executor; since: Date }) => {
  const rows = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.companyId, companyId),
        eq(drivers.dataset, dataset),
        exists(
          db
            .select({ one: eldEvents.id })
            .from(eldEvents)
            .where(and(eq(eldEvents.companyId, companyId), eq(eldEvents.dataset, dataset), eq(eldEvents.driverId, drivers.id), gte(eldEvents.eventAt, since))),
        ),
      ),
    );
  return rows.map((row) => row.id);
};

/**
 * Whose records a condition of the whole service goes on (the data transfer mechanism, the ELD's recording of
 * telemetry): every ELD's, so each driver with ELD records in the roadside period, and each driver who has one of
 * `codes` active still (to clear it), as records with no vehicle. `active` maps `driverId:code` to since when.
 * No driver: the tenant uses no ELD now, and nothing is checked for it.
 */
export const serviceConditionScope = async ({ db, companyId, dataset, now, codes }: Tenant & { db: Executor; now: Date; codes: readonly string[] }) => {
  const latest = await latestConditionRecords({
    db,
    companyId,
    dataset,
    per: "driver",
    where: and(isNull(eldEvents.vehicleId), inArray(eldEvents.diagnosticCode, [...codes])),
  });
  const logged = latest.filter((row) => isLogged(row.code));
  const active = new Map(logged.map((row) => [`${row.driverId}:${row.diagnosticCode}`, row.at]));
  const recent = await recentDrivers({ db, companyId, dataset, since: new Date(now.getTime() - CHECK_SCOPE_MS) });
  return { active, driverIds: [...new Set([...logged.map((row) => row.driverId!), ...recent])].sort((a, b) => a - b) };
};

export type ServiceConditionScope = Awaited<ReturnType<typeof serviceConditionScope>>;

/**
 * The type 7 records that bring each scoped driver's conditions to `wanted` (Table 4 code: logged or not) at `now`:
 * only the changes (logged once, cleared once), with no vehicle (the logbook's sequence counter 0) and no location.
 */
export const serviceConditionDrafts = ({ scope, wanted, now }: { scope: ServiceConditionScope; wanted: Readonly<Record<string, boolean>>; now: Date }) =>
  scope.driverIds.flatMap((driverId) =>
    Object.entries(wanted).flatMap(([diagnosticCode, on]): EldEventDraft[] => {
      if (on === scope.active.has(`${driverId}:${diagnosticCode}`)) return [];
      const code = isMalfunctionCode(diagnosticCode) ? (on ? 1 : 2) : on ? 3 : 4;
      return [{ driverId, vehicleId: null, type: 7, code, at: now, origin: "automatic", position: null, diagnosticCode }];
    }),
  );
