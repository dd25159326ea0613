import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules, alertRuleStates } from "@/db/schema";
import { publishFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event";
import type { Tenant } from "@/lib/platform/tenant";
import { CONDITION_TRIGGER_TYPES, type AlertTrigger } from "./alert-trigger";
import { conditionOccurrencesOf, type ConditionOccurrence } from "./condition-occurrences";
import { writeRuleStates } from "./alert-states";
import { listEnabledRules, type EnabledRule } from "./enabled-rules";
import { remembersNothing, type RuleState } from "./evaluate-vehicle";
import { isOperationalAt, type OperationalSettings } from "./operational-settings";
import { vehicleNames } from "./vehicle-names";
import { recordIncidents, type IncidentChange } from "./record-incidents";
import { ruleScopeFor } from "@/lib/fleet/tags/tag-scope";

type ConditionRule = Omit<EnabledRule, "companyId" | "dataset">;

/**
 * One tenant's condition rules in one transaction: the rules and their states are locked (one
 * company: one shard), each rule's occurrences now are compared with those its states hold open, an incident is
 * opened for each new one (in scope, at an operational time) and closed for each gone, and the
 * states are written back. Two instances checking at once queue on the rules' lock and the second
 * finds the first's incidents open: each occurrence opens one. The state of an occurrence lives with the
 * vehicle it was raised on.
 */
const checkTenant = ({ db, tenant, rules, now }: { db: Executor; tenant: Tenant; rules: ConditionRule[]; now: Date }) =>
  db.transaction(async (tx) => {
    // The rules' own rows are the lock: their states may not exist yet, and a second instance must wait and then see the first's.
    await tx
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(
        and(
          eq(alertRules.companyId, tenant.companyId),
          inArray(
            alertRules.id,
            rules.map((rule) => rule.id),
          ),
        ),
      )
      .for("update");
    const rows = await tx
      .select({ ruleId: alertRuleStates.ruleId, vehicleId: alertRuleStates.vehicleId, state: alertRuleStates.state })
      .from(alertRuleStates)
      .where(
        and(
          eq(alertRuleStates.companyId, tenant.companyId),
          inArray(
            alertRuleStates.ruleId,
            rules.map((rule) => rule.id),
          ),
        ),
      );
    const occurrencesOf = conditionOccurrencesOf({ db: tx, tenant, now });
    const foundOf = new Map<number, ConditionOccurrence[]>();
    for (const rule of rules) foundOf.set(rule.id, await occurrencesOf({ trigger: rule.trigger, since: rule.createdAt }));
    const vehiclesOf = await ruleScopeFor({ db: tx, tenant, rules });
    const changes: IncidentChange[] = [];
    const changed = new Map<string, { ruleId: number; vehicleId: number; state: RuleState }>();
    const stateOf = (ruleId: number, vehicleId: number, stored?: RuleState) => {
      const key = `${ruleId}:${vehicleId}`;
      if (!changed.has(key)) changed.set(key, { ruleId, vehicleId, state: { since: null, open: { ...stored?.open } } });
      return changed.get(key)!.state;
    };
    const openings: { state: RuleState; key: string; change: number }[] = [];
    const fresh: { rule: ConditionRule; occurrence: ConditionOccurrence }[] = [];
    for (const rule of rules) {
      const watched = vehiclesOf(rule);
      const current = new Map(
        foundOf
          .get(rule.id)!
          .filter((occurrence) => !watched || watched.has(occurrence.vehicleId))
          .map((occurrence) => [occurrence.key, occurrence]),
      );
      const openKeys = new Set<string>();
      for (const row of rows.filter((candidate) => candidate.ruleId === rule.id)) {
        const stored = row.state as RuleState;
        for (const [key, incidentId] of Object.entries(stored.open)) {
          if (current.has(key)) {
            openKeys.add(key);
            continue;
          }
          changes.push({ close: { incident: incidentId, at: now } });
          delete stateOf(rule.id, row.vehicleId, stored).open[key];
        }
      }
      for (const occurrence of current.values())
        if (!openKeys.has(occurrence.key) && isOperationalAt(rule.operationalSettings, occurrence.at)) fresh.push({ rule, occurrence });
    }
    const named = await vehicleNames({ db: tx, tenant, vehicleIds: [...new Set(fresh.map(({ occurrence }) => occurrence.vehicleId))] });
    for (const { rule, occurrence } of fresh) {
      const vehicle = named.get(occurrence.vehicleId);
      if (!vehicle) continue;
      const stored = rows.find((row) => row.ruleId === rule.id && row.vehicleId === occurrence.vehicleId)?.state as RuleState | undefined;
      openings.push({ state: stateOf(rule.id, occurrence.vehicleId, stored), key: occurrence.key, change: changes.length });
      changes.push({
        open: { ruleId: rule.id, trigger: rule.trigger, vehicle, place: null, at: occurrence.at, value: occurrence.value, detail: occurrence.detail },
      });
    }
    const ids = await recordIncidents({ db: tx, tenant, changes });
    for (const { state, key, change } of openings) state.open[key] = ids.get(change)!;
    await writeRuleStates({
      db: tx,
      tenant,
      states: [...changed.values()].map((row) => ({ ...row, state: remembersNothing(row.state) ? null : row.state })),
      updatedAt: now,
    });
    if (changes.length > 0) await publishFleetEvents({ db: tx, events: [{ kind: "incident", ...tenant }] });
    return changes.length;
  });

/**
 * Fault-code, HOS, missing-inspection and maintenance rules watch what the database holds (active fault codes, drivers' clocks, services due),
 * not telemetry: this runs every 30 s in each worker (a job of lib/runtime/boot) and returns how many incidents
 * it opened or closed.
 */
export const checkConditionRules = async ({ db, now = new Date() }: { db: Executor; now?: Date }) => {
  const rules = await listEnabledRules({ db, types: CONDITION_TRIGGER_TYPES });
  const tenants = new Map<string, { tenant: Tenant; rules: ConditionRule[] }>();
  for (const { companyId, dataset, ...rule } of rules) {
    const key = `${companyId}:${dataset}`;
    if (!tenants.has(key)) tenants.set(key, { tenant: { companyId, dataset }, rules: [] });
    tenants.get(key)!.rules.push(rule);
  }
  let transitions = 0;
  for (const { tenant, rules: tenantRules } of tenants.values()) transitions += await checkTenant({ db, tenant, rules: tenantRules, now });
  return transitions;
};
