import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows } from "@/db/rows";
import type { Tenant } from "@/lib/platform/tenant";
import type { RuleState } from "./evaluate-vehicle";
import type { IncidentChange } from "./record-incidents";

/**
 * Device-silent incidents the batch's vehicles end by reporting again (at their first new sample),
 * and their states to delete. The silent-device check opens such incidents only while it holds the
 * tenant's alerts checkpoint row, which this window holds, so each one is seen here.
 */
export const silentIncidentsEnding = async ({
  db,
  tenant,
  ruleIds,
  firstSampleOf,
}: {
  db: Executor;
  tenant: Tenant;
  ruleIds: readonly number[];
  firstSampleOf: ReadonlyMap<number, Date>;
}) => {
  if (ruleIds.length === 0 || firstSampleOf.size === 0) return { changes: [] as IncidentChange[], states: [] };
  const rows = await queryRows<{ rule_id: number; vehicle_id: number; state: RuleState }>(
    db,
    sql`select rule_id, vehicle_id, state from alert_rule_states
      where company_id = ${tenant.companyId} and rule_id = any(${intArray(ruleIds)}) and vehicle_id = any(${intArray([...firstSampleOf.keys()])})
      for update`,
  );
  const ending = rows.filter((row) => row.state.open[""]);
  return {
    changes: ending.map((row): IncidentChange => ({ close: { incident: row.state.open[""], at: firstSampleOf.get(row.vehicle_id)! } })),
    states: rows.map((row) => ({ ruleId: row.rule_id, vehicleId: row.vehicle_id, state: null })),
  };
};
