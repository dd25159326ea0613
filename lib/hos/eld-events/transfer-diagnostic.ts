import { and, desc, eq, exists, gte, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { drivers, eldEvents, eldTransfers } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { isLogged, latestConditionRecords } from "./latest-condition-records";
import { recordEldEvents, type EldEventDraft } from "./record-eld-events";

/** Table 4: the data transfer data diagnostic and compliance malfunction (4.6.1.7). */
export const DATA_TRANSFER_DIAGNOSTIC = "4";
export const DATA_TRANSFER_MALFUNCTION = "S";
/** 4.6.1.7(c): the malfunction once the diagnostic stays through three further consecutive checks (the failed one, then 3). */
export const FAILED_CHECKS_FOR_MALFUNCTION = 4;
/** The drivers a check's records go on: those with ELD records in today and the previous 7 days (the roadside period, 395.24). */
export const CHECK_SCOPE_MS = 8 * 86_400_000;

type Check = { succeeded: boolean; outcome: string; test: boolean };

/** Whose data transfer diagnostic and malfunction are active now: the latest record of each driver and code is a logged one. */
const activeStates = async ({ db, companyId, dataset }: Tenant & { db: Executor }) => {
  const latest = await latestConditionRecords({
    db,
    companyId,
    dataset,
    per: "driver",
    where: and(isNull(eldEvents.vehicleId), inArray(eldEvents.diagnosticCode, [DATA_TRANSFER_DIAGNOSTIC, DATA_TRANSFER_MALFUNCTION])),
  });
  const active = new Set(latest.filter((row) => isLogged(row.code)).map((row) => `${row.driverId}:${row.diagnosticCode}`));
  return { active, driverIds: [...new Set(latest.flatMap((row) => (active.has(`${row.driverId}:${row.diagnosticCode}`) ? [row.driverId!] : [])))] };
};

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

/** How many of the tenant's latest checks failed in a row (the newest first), up to the malfunction's count. */
const failedInARow = async ({ db, companyId, dataset }: Tenant & { db: Executor }) => {
  const latest = await db
    .select({ succeeded: eldTransfers.succeeded })
    .from(eldTransfers)
    .where(and(eq(eldTransfers.companyId, companyId), eq(eldTransfers.dataset, dataset), eq(eldTransfers.method, "ping")))
    .orderBy(desc(eldTransfers.createdAt), desc(eldTransfers.id))
    .limit(FAILED_CHECKS_FOR_MALFUNCTION);
  const firstPassed = latest.findIndex((row) => row.succeeded);
  return firstPassed === -1 ? latest.length : firstPassed;
};

/**
 * Whose records a check of the transfer mechanism goes on. The mechanism is the whole service's, so the condition is
 * every ELD's: each driver with ELD records in the roadside period, and each driver who has it active still (to clear).
 * Empty: the tenant uses no ELD now, and nothing is checked for it.
 */
export const transferCheckScope = async ({ db, companyId, dataset, now }: Tenant & { db: Executor; now: Date }) => {
  const { active, driverIds: withActive } = await activeStates({ db, companyId, dataset });
  const recent = await recentDrivers({ db, companyId, dataset, since: new Date(now.getTime() - CHECK_SCOPE_MS) });
  return { active, driverIds: [...new Set([...withActive, ...recent])].sort((a, b) => a - b) };
};

/**
 * Records one check of the transfer mechanism for a tenant, in the caller's transaction: the `ping` row of
 * eld_transfers, and on each scoped driver's records (no vehicle: counter 0, the logbook's) the type 7 records it
 * changes: the diagnostic (code 3, Table 4 "4") on a failed check where not active, the malfunction (code 1, "S") once
 * FAILED_CHECKS_FOR_MALFUNCTION checks failed in a row, both cleared (codes 4 and 2) on a passed one. Returns them.
 */
export const recordTransferCheck = async ({
  db,
  companyId,
  dataset,
  check,
  scope,
  now,
}: Tenant & { db: Executor; check: Check; scope: Awaited<ReturnType<typeof transferCheckScope>>; now: Date }) => {
  await db
    .insert(eldTransfers)
    .values({ companyId, dataset, driverId: null, method: "ping", createdAt: now, test: check.test, succeeded: check.succeeded, outcome: check.outcome });
  const failed = await failedInARow({ db, companyId, dataset });
  const wanted = { [DATA_TRANSFER_DIAGNOSTIC]: failed > 0, [DATA_TRANSFER_MALFUNCTION]: failed >= FAILED_CHECKS_FOR_MALFUNCTION };
  const codes = { [DATA_TRANSFER_DIAGNOSTIC]: { logged: 3, cleared: 4 }, [DATA_TRANSFER_MALFUNCTION]: { logged: 1, cleared: 2 } };
  const drafts: EldEventDraft[] = [];
  for (const driverId of scope.driverIds) {
    for (const diagnosticCode of [DATA_TRANSFER_DIAGNOSTIC, DATA_TRANSFER_MALFUNCTION] as const) {
      const on = wanted[diagnosticCode];
      if (on === scope.active.has(`${driverId}:${diagnosticCode}`)) continue;
      const code = on ? codes[diagnosticCode].logged : codes[diagnosticCode].cleared;
      drafts.push({ driverId, vehicleId: null, type: 7, code, at: now, origin: "automatic", position: null, diagnosticCode });
    }
  }
  return recordEldEvents({ db, companyId, dataset, drafts });
};
