import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules, alertRuleStates, devices, vehicles, vehicleState } from "@/db/schema";
import { publishFleetEvents } from "@/lib/fleet-events/fleet-event";
import type { Tenant } from "@/lib/tenant";
import type { AlertTrigger } from "./alert-trigger";
import type { RuleState } from "./evaluate-rule";
import { isOperationalAt, type OperationalSettings } from "./operational-settings";
import { openIncident } from "./record-incidents";

/**
 * The "device silent" rules are the one kind no telemetry drives: this periodic check opens an
 * incident for each vehicle whose last sample (as the alerts processor recorded it) is older than
 * the rule allows. It locks the rule states it reads, per company, as the processor does, so the two
 * never open the same occurrence twice; the processor closes the incident at the next sample.
 * A vehicle is watched from its first sample after the rule exists. Returns the incidents opened.
 */
export const checkSilentDevices = async ({ db, now = new Date() }: { db: Executor; now?: Date }) => {
  const rules = await db
    .select({ id: alertRules.id, companyId: alertRules.companyId, dataset: alertRules.dataset, trigger: alertRules.trigger, operationalSettings: alertRules.operationalSettings })
    .from(alertRules)
    .where(and(isNull(alertRules.deletedAt), eq(alertRules.isEnabled, true), sql`${alertRules.trigger}->>'type' = 'deviceSilent'`));
  let opened = 0;
  for (const companyId of new Set(rules.map((rule) => rule.companyId))) {
    const companyRules = rules.filter((rule) => rule.companyId === companyId);
    opened += await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(alertRuleStates)
        .where(and(eq(alertRuleStates.companyId, companyId), inArray(alertRuleStates.ruleId, companyRules.map((rule) => rule.id))))
        .for("update");
      let count = 0;
      const touched = new Set<string>();
      for (const row of rows) {
        const rule = companyRules.find((candidate) => candidate.id === row.ruleId)!;
        const trigger = rule.trigger as Extract<AlertTrigger, { type: "deviceSilent" }>;
        const state = row.state as RuleState;
        if (state.trigger !== JSON.stringify(trigger) || state.lastMs === null || state.open[""] !== undefined) continue;
        const silentAt = new Date(state.lastMs + trigger.minutes * 60_000);
        if (silentAt > now) continue;
        // Silent since outside the rule's operational time: the incident opens once that time begins.
        const settings = rule.operationalSettings as OperationalSettings | null;
        const at = isOperationalAt(settings, silentAt) ? silentAt : isOperationalAt(settings, now) ? now : null;
        if (!at) continue;
        const tenant: Tenant = { companyId, dataset: row.dataset };
        // Where it went quiet: its last position.
        const [found] = await tx
          .select({ vehicle: { id: vehicles.id, name: vehicles.name, serial: devices.identifier }, latitude: vehicleState.latitude, longitude: vehicleState.longitude })
          .from(vehicles)
          .leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id)))
          .leftJoin(vehicleState, and(eq(vehicleState.companyId, vehicles.companyId), eq(vehicleState.dataset, vehicles.dataset), eq(vehicleState.vehicleId, vehicles.id)))
          .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, row.vehicleId)));
        if (!found) continue;
        const position = found.latitude === null || found.longitude === null ? {} : { latitude: found.latitude, longitude: found.longitude };
        state.open[""] = await openIncident({ db: tx, tenant, opening: { ruleId: rule.id, trigger, vehicle: found.vehicle, place: null, at, ...position } });
        await tx.update(alertRuleStates).set({ state, updatedAt: now }).where(and(eq(alertRuleStates.companyId, companyId), eq(alertRuleStates.ruleId, row.ruleId), eq(alertRuleStates.vehicleId, row.vehicleId)));
        touched.add(row.dataset);
        count += 1;
      }
      await publishFleetEvents({ db: tx, events: [...touched].map((dataset) => ({ kind: "incident" as const, companyId, dataset: dataset as Tenant["dataset"] })) });
      return count;
    });
  }
  return opened;
};
