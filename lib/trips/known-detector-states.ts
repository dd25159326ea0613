import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/tenant";
import type { DetectorStateRow } from "./detector-state-row";
import { readDetectorStates } from "./detector-states";

/**
 * The states this process last wrote, per tenant, with the time of the transaction that wrote them.
 * The telemetry processors' runner stamps the processor's checkpoint with `updated_at = now()` in
 * that same transaction (lib/fleet-events/telemetry-processors.ts), so while the checkpoint's stamp
 * equals it, no window has been processed since (by another instance, or rolled back: a rolled-back
 * window leaves the stamp before it) and these rows are exactly the stored ones.
 */
const written = new Map<string, { stamp: string; rows: Map<number, DetectorStateRow> }>();

/**
 * The vehicles' stored states: those this process wrote last, when still current, the others read
 * (readDetectorStates). `remember` takes the rows this window writes. One instance following its
 * tenants reads no state back after its first window.
 */
export const knownDetectorStates = async ({ db, tenant, processor, vehicleIds }: { db: Executor; tenant: Tenant; processor: string; vehicleIds: readonly number[] }) => {
  const key = `${tenant.companyId}:${tenant.dataset}`;
  const [{ stamp, now }] = await queryRows<{ stamp: string | null; now: string }>(
    db,
    sql`select (select updated_at::text from telemetry_checkpoints where company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and processor = ${processor}) as stamp, now()::text as now`,
  );
  const memo = written.get(key);
  const known = memo && memo.stamp === stamp ? memo.rows : new Map<number, DetectorStateRow>();
  const missing = vehicleIds.filter((vehicleId) => !known.has(vehicleId));
  const read = missing.length > 0 ? await readDetectorStates({ db, tenant, vehicleIds: missing }) : new Map<number, DetectorStateRow>();
  const stored = new Map<number, DetectorStateRow>();
  for (const vehicleId of vehicleIds) {
    const row = known.get(vehicleId) ?? read.get(vehicleId);
    if (row) stored.set(vehicleId, row);
  }
  const remember = (rows: readonly DetectorStateRow[]) => {
    for (const row of rows) known.set(row.vehicleId, row);
    written.set(key, { stamp: now, rows: known });
  };
  return { stored, remember };
};
