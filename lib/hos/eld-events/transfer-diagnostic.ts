import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { eldTransfers } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import { recordEldEvents } from "./record-eld-events";
import { serviceConditionDrafts, serviceConditionScope, type ServiceConditionScope } from "./service-conditions";

/** Table 4: the data transfer data diagnostic and compliance malfunction (4.6.1.7). */
export const DATA_TRANSFER_DIAGNOSTIC = "4";
export const DATA_TRANSFER_MALFUNCTION = "S";
/** 4.6.1.7(c): the malfunction once the diagnostic stays through three further consecutive checks (the failed one, then 3). */
export const FAILED_CHECKS_FOR_MALFUNCTION = 4;

type Check = { succeeded: boolean; outcome: string; test: boolean };

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

/** Whose records a check of the transfer mechanism goes on (the mechanism is the whole service's). */
export const transferCheckScope = ({ db, companyId, dataset, now }: Tenant & { db: Executor; now: Date }) =>
  serviceConditionScope({ db, companyId, dataset, now, codes: [DATA_TRANSFER_DIAGNOSTIC, DATA_TRANSFER_MALFUNCTION] });

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
}: Tenant & { db: Executor; check: Check; scope: ServiceConditionScope; now: Date }) => {
  await db
    .insert(eldTransfers)
    .values({ companyId, dataset, driverId: null, method: "ping", createdAt: now, test: check.test, succeeded: check.succeeded, outcome: check.outcome });
  const failed = await failedInARow({ db, companyId, dataset });
  const wanted = { [DATA_TRANSFER_DIAGNOSTIC]: failed > 0, [DATA_TRANSFER_MALFUNCTION]: failed >= FAILED_CHECKS_FOR_MALFUNCTION };
  const drafts = serviceConditionDrafts({ scope, wanted, now });
  return recordEldEvents({ db, companyId, dataset, drafts });
};
