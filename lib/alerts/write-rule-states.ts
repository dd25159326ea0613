import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { Tenant } from "@/lib/tenant";
import type { RuleState } from "./evaluate-rule";

const STATES_A_STATEMENT = 10_000;

/**
 * Upserts (rule, vehicle) states of one tenant, in the caller's transaction. One JSON parameter a
 * statement, not one per column and row: a batch of 10,000 vehicles × 100 rules is a million states,
 * far past PostgreSQL's 65,535 parameters. excluded.*, not now(): Citus allows no volatile function
 * in a distributed upsert's SET.
 */
export const writeRuleStates = async ({ db, tenant, states, updatedAt = new Date() }: { db: Executor; tenant: Tenant; states: readonly { ruleId: number; vehicleId: number; state: RuleState }[]; updatedAt?: Date }) => {
  for (let i = 0; i < states.length; i += STATES_A_STATEMENT) {
    await db.execute(sql`insert into alert_rule_states (company_id, dataset, rule_id, vehicle_id, state, updated_at)
      select ${tenant.companyId}, ${tenant.dataset}, (row->>'ruleId')::int, (row->>'vehicleId')::int, row->'state', ${updatedAt.toISOString()}::timestamptz
      from jsonb_array_elements(${JSON.stringify(states.slice(i, i + STATES_A_STATEMENT))}::jsonb) as row
      on conflict (company_id, rule_id, vehicle_id) do update set state = excluded.state, updated_at = excluded.updated_at`);
  }
};
