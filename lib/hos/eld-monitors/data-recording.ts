import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import { companies, DATASETS, eldEvents } from "@/db/schema";
import { isLogged, latestConditionRecords } from "@/lib/hos/eld-events/latest-condition-records";
import { recordEldEvents } from "@/lib/hos/eld-events/record-eld-events";
import { CHECK_SCOPE_MS } from "@/lib/hos/eld-events/service-conditions";
import type { Tenant } from "@/lib/platform/tenant";
import type { IndicatorChange } from "./monitor-state";
import { indicatorChangeDrafts } from "./monitor-drafts";

/** Table 4: the data recording compliance malfunction. */
export const DATA_RECORDING = "R";
/**
 * A record's `created_at` is its transaction's start, not its commit: the records read reach a day further back than
 * the period checked, so a long transaction's records near the period's start are not taken for lost ones.
 */
const MARGIN_MS = 86_400_000;

/**
 * Each ELD (vehicle) with records written in the period and whether they are unbroken: 7.24 numbers an ELD's records
 * one by one as they are written (record-eld-events.ts takes them under the counter's row lock, in insertion order),
 * so each record written in the period follows the one before it by one (FFFF then 0), and the last is the counter's.
 * A break is a record written and no longer retained. One statement for the tenant.
 */
const recordRuns = ({ db, companyId, dataset, since }: Tenant & { db: Executor; since: Date }) =>
  queryRows<{ vehicle_id: number; broken: boolean }>(
    db,
    sql`with written as (
      select vehicle_id, id, sequence_id, created_at, lag(sequence_id) over (partition by vehicle_id order by id) as previous,
        row_number() over (partition by vehicle_id order by id desc) as from_last
      from eld_events
      where company_id = ${companyId} and dataset = ${dataset} and vehicle_id is not null
        and created_at >= ${new Date(since.getTime() - MARGIN_MS).toISOString()}::timestamptz
    )
    select w.vehicle_id,
      bool_or(w.created_at >= ${since.toISOString()}::timestamptz and w.previous is not null and w.sequence_id <> (w.previous + 1) % 65536)
        or bool_or(w.from_last = 1 and s.last_sequence_id <> w.sequence_id) as broken
    from written w left join eld_event_sequences s on s.company_id = ${companyId} and s.dataset = ${dataset} and s.vehicle_id = w.vehicle_id
    group by w.vehicle_id`,
  );

/**
 * The data recording compliance malfunction (4.6.1.5(a)) of a tenant's ELDs at `now`, in the caller's transaction:
 * logged (type 7 code 1, "R") on an ELD whose records of the roadside period are not all retained, cleared (code 2)
 * once they are again (the lost record's period has passed). Returns the records written.
 */
export const recordDataRecordingCheck = async ({ db, companyId, dataset, now }: Tenant & { db: Executor; now: Date }) => {
  const tenant = { companyId, dataset };
  const runs = await recordRuns({ db, ...tenant, since: new Date(now.getTime() - CHECK_SCOPE_MS) });
  const latest = await latestConditionRecords({
    db,
    ...tenant,
    per: "vehicle",
    where: and(isNotNull(eldEvents.vehicleId), eq(eldEvents.diagnosticCode, DATA_RECORDING)),
  });
  const wanted = new Map<number, boolean>(latest.map((row) => [row.vehicleId!, false]));
  for (const run of runs) wanted.set(Number(run.vehicle_id), run.broken);
  const active = new Set(latest.filter((row) => isLogged(row.code)).map((row) => row.vehicleId!));
  const changes = new Map<number, IndicatorChange[]>();
  for (const [vehicleId, logged] of wanted)
    if (logged !== active.has(vehicleId)) changes.set(vehicleId, [{ at: now.getTime(), diagnosticCode: DATA_RECORDING, logged }]);
  return recordEldEvents({ db, ...tenant, drafts: await indicatorChangeDrafts({ tx: db, tenant, changes }) });
};

/**
 * The data recording check of every company keeping HOS, each dataset in a transaction of its own: run daily by one
 * instance (lib/runtime/boot/background-jobs.ts). Returns the records written.
 */
export const checkEldDataRecording = async ({ db, now = new Date() }: { db: Database; now?: Date }) => {
  const rows = await db.select({ id: companies.id }).from(companies).where(ne(companies.hosRules, "none")).orderBy(companies.id);
  let written = 0;
  for (const { id: companyId } of rows)
    for (const dataset of DATASETS) written += (await db.transaction((tx) => recordDataRecordingCheck({ db: tx, companyId, dataset, now }))).length;
  return written;
};
