import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { companies, DATASETS, eldEvents, feedCounters, telemetryCheckpoints } from "@/db/schema";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { serviceConditionDrafts, serviceConditionScope } from "@/lib/hos/eld-events/service-conditions";
import type { Tenant } from "@/lib/platform/tenant";
import { automaticDrivingProcessor } from "./automatic-driving";

/** Table 4: "other" ELD detected malfunction and "other" ELD identified data diagnostic (4.6.1.8). */
export const RECORDING_STALLED_MALFUNCTION = "O";
export const RECORDING_STALLED_DIAGNOSTIC = "6";
/** The automatic-driving processor commits a window every few seconds: 5 minutes without one while telemetry waits is a stall. */
const STALLED_MS = 5 * 60_000;
/** Stalled 30 minutes (the rule's bound for engine data and power): the ELD is not recording driving, a malfunction. */
const MALFUNCTION_MS = 30 * 60_000;
/**
 * A tenant idle for hours has an old checkpoint when its next report arrives, until the processor's next run (seconds
 * later): the checkpoints are read again after this long, so only telemetry that waited through it counts.
 */
const SETTLE_MS = 10_000;

const keyOf = ({ companyId, dataset }: Tenant) => `${companyId}:${dataset}`;

const readCheckpoints = async (db: Database, companyIds: readonly number[]) =>
  new Map(
    (
      await db
        .select({
          companyId: telemetryCheckpoints.companyId,
          dataset: telemetryCheckpoints.dataset,
          seq: telemetryCheckpoints.seq,
          at: telemetryCheckpoints.updatedAt,
        })
        .from(telemetryCheckpoints)
        .where(and(eq(telemetryCheckpoints.processor, automaticDrivingProcessor.name), inArray(telemetryCheckpoints.companyId, [...companyIds])))
    ).map((row) => [keyOf(row), row]),
  );

/**
 * The ELD's recording of what telemetry shows (4.6.1.8, a technology-specific condition): the automatic-driving
 * processor writes Driving, the stop prompt, intermediate logs and the unidentified profile's records from committed
 * telemetry. For each company keeping HOS and each dataset: telemetry committed, and no window of the processor for 5
 * minutes after it, logs the data diagnostic "6" (records late: the driver's log lags the truck); 30 minutes since
 * the diagnostic was first logged, the malfunction "O" (the ELD is not recording driving; the driver keeps paper logs,
 * 395.34); caught up clears both. Records with no vehicle on each driver in scope (service-conditions.ts): the
 * processor is the tenant's, every ELD's. Run every minute by one instance. Returns the records written.
 */
export const checkEldRecording = async ({ db, now = new Date(), settleMs = SETTLE_MS }: { db: Database; now?: Date; settleMs?: number }) => {
  const companyIds = (await db.select({ id: companies.id }).from(companies).where(ne(companies.hosRules, "none"))).map((row) => row.id);
  if (companyIds.length === 0) return 0;
  const heads = await db.select().from(feedCounters).where(inArray(feedCounters.companyId, companyIds));
  const before = await readCheckpoints(db, companyIds);
  const waiting = heads.filter((head) => (before.get(keyOf(head))?.seq ?? head.seq) < head.seq);
  if (waiting.length > 0 && settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const after = waiting.length > 0 ? await readCheckpoints(db, companyIds) : before;
  const stalled = new Set(
    waiting.flatMap((head) => {
      const checkpoint = after.get(keyOf(head));
      return checkpoint && checkpoint.seq < head.seq && now.getTime() - checkpoint.at.getTime() > STALLED_MS ? [keyOf(head)] : [];
    }),
  );
  // The tenants to record for: those stalled, and those that ever had one of the codes (to clear it): a few type 7 rows.
  const codes = [RECORDING_STALLED_DIAGNOSTIC, RECORDING_STALLED_MALFUNCTION];
  const seenBefore = await db
    .selectDistinct({ companyId: eldEvents.companyId, dataset: eldEvents.dataset })
    .from(eldEvents)
    .where(and(inArray(eldEvents.companyId, companyIds), eq(eldEvents.eventType, 7), inArray(eldEvents.diagnosticCode, codes)));
  const tenants = new Set([...stalled, ...seenBefore.map(keyOf)]);
  let written = 0;
  for (const companyId of companyIds) {
    for (const dataset of DATASETS) {
      if (!tenants.has(keyOf({ companyId, dataset }))) continue;
      written += await db.transaction(async (tx) => {
        const scope = await serviceConditionScope({ db: tx, companyId, dataset, now, codes });
        const on = stalled.has(keyOf({ companyId, dataset }));
        const seen = [...scope.active].filter(([key]) => key.endsWith(`:${RECORDING_STALLED_DIAGNOSTIC}`)).map(([, at]) => at.getTime());
        const wanted = {
          [RECORDING_STALLED_DIAGNOSTIC]: on,
          [RECORDING_STALLED_MALFUNCTION]: on && seen.length > 0 && now.getTime() - Math.min(...seen) >= MALFUNCTION_MS,
        };
        return (await recordEldEvents({ db: tx, companyId, dataset, drafts: serviceConditionDrafts({ scope, wanted, now }) })).length;
      });
    }
  }
  return written;
};
