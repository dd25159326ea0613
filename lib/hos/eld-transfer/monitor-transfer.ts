import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { companies, DATASETS, eldTransfers } from "@/db/schema";
import { recordTransferCheck, transferCheckScope } from "@/lib/hos/eld-events/transfer-diagnostic";
import type { TenantQuery } from "@/lib/platform/tenant";
import { checkTransferMethods, type TransferCheck } from "./check-transfer-methods";

/** 4.6.1.7(a): a check at least once every 7 days; the job runs daily, so a check is due after 6½. */
const CHECK_EVERY_MS = 6.5 * 86_400_000;

/**
 * Whether the tenant's mechanism is due a check: never checked, last checked 6½ days ago, in the unconfirmed mode
 * (its last check failed: 4.6.1.7(c), once every 24 hours), or a driver's transfer failed since (at once, not days later).
 */
const isDue = async ({ db, companyId, dataset, now }: TenantQuery & { now: Date }) => {
  const tenant = and(eq(eldTransfers.companyId, companyId), eq(eldTransfers.dataset, dataset));
  const [last] = await db
    .select({ at: eldTransfers.createdAt, succeeded: eldTransfers.succeeded })
    .from(eldTransfers)
    .where(and(tenant, eq(eldTransfers.method, "ping")))
    .orderBy(desc(eldTransfers.createdAt), desc(eldTransfers.id))
    .limit(1);
  if (!last || !last.succeeded || now.getTime() - last.at.getTime() >= CHECK_EVERY_MS) return true;
  const failedSince = await db
    .select({ id: eldTransfers.id })
    .from(eldTransfers)
    .where(and(tenant, ne(eldTransfers.method, "ping"), eq(eldTransfers.succeeded, false), gt(eldTransfers.createdAt, last.at)))
    .limit(1);
  return failedSince.length > 0;
};

/**
 * The data transfer monitoring (Appendix A 4.6.1.7), run daily by one instance (lib/runtime/boot/background-jobs.ts):
 * for each company keeping HOS and each dataset whose check is due, checks the configured methods (once for all: the
 * mechanism is the service's) and records the outcome and the diagnostic or malfunction it changes. Nothing when no
 * method is set up: there is no telematics transfer to monitor. Returns the checks recorded.
 */
export const monitorEldTransfer = async ({
  db,
  now = new Date(),
  check = checkTransferMethods,
}: {
  db: Database;
  now?: Date;
  check?: () => Promise<TransferCheck | null>;
}) => {
  const rows = await db.select({ id: companies.id }).from(companies).where(ne(companies.hosRules, "none")).orderBy(companies.id);
  let result: Promise<TransferCheck | null> | undefined;
  let recorded = 0;
  for (const { id: companyId } of rows) {
    for (const dataset of DATASETS) {
      const scope = await transferCheckScope({ db, companyId, dataset, now });
      if (scope.driverIds.length === 0 || !(await isDue({ db, companyId, dataset, now }))) continue;
      result ??= check();
      const outcome = await result;
      if (!outcome) return recorded;
      await db.transaction((tx) => recordTransferCheck({ db: tx, companyId, dataset, check: outcome, scope, now }));
      recorded += 1;
    }
  }
  return recorded;
};
