import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, queryRows } from "@/db/rows";
import { alertRules } from "@/db/schema";
import { publishFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event";
import type { Tenant } from "@/lib/platform/tenant";
import type { AlertTrigger } from "./alert-trigger";
import { ALERTS_PROCESSOR, settleVehicleTimes, writeRuleStates } from "./alert-states";
import type { RuleState } from "./evaluate-vehicle";
import { isOperationalAt, type OperationalSettings } from "./operational-settings";
import { recordIncidents, type IncidentOpening } from "./record-incidents";
import { listEnabledRules, type EnabledRule } from "./enabled-rules";
import { ruleScopeFor } from "@/lib/fleet/tags/tag-scope";

type SilentRule = EnabledRule<Extract<AlertTrigger, { type: "deviceSilent" }>>;
type QuietVehicle = {
  vehicle_id: number;
  dataset: Tenant["dataset"];
  last_ms: string;
  evaluated_at: Date;
  name: string;
  serial: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * One company's silent vehicles. The alerts processor's checkpoint rows are locked first: a window in
 * flight commits before anything is decided, none starts until this commits (so the processor sees
 * every incident opened here), and the vehicles' newest times are settled through them
 * (lib/processing/alerts/alert-states.ts writes them every few seconds).
 */
const checkCompany = ({ db, companyId, rules, now }: { db: Executor; companyId: number; rules: SilentRule[]; now: Date }) =>
  db.transaction(async (tx) => {
    const checkpoints = await queryRows<{ dataset: Tenant["dataset"]; seq: string; at: string }>(
      tx,
      sql`select dataset, seq, updated_at as at from telemetry_checkpoints where company_id = ${companyId} and processor = ${ALERTS_PROCESSOR} order
        by dataset for update`,
    );
    for (const { dataset, seq, at } of checkpoints)
      await settleVehicleTimes({ db: tx, tenant: { companyId, dataset }, through: { seq: Number(seq), at: new Date(at) } });
    const shortestMs = Math.min(...rules.map((rule) => rule.trigger.minutes * 60_000));
    const quiet = await queryRows<QuietVehicle>(
      tx,
      sql`select s.vehicle_id, s.dataset, greatest(s.position_ms, s.stat_ms) as last_ms, s.updated_at as evaluated_at, v.name, d.identifier as serial,
        vs.latitude, vs.longitude
        from alert_vehicle_states s
        join vehicles v on v.company_id = s.company_id and v.id = s.vehicle_id
        left join devices d on d.company_id = s.company_id and d.vehicle_id = s.vehicle_id
        left join vehicle_state vs on vs.company_id = s.company_id and vs.dataset = s.dataset and vs.vehicle_id = s.vehicle_id
        where s.company_id = ${companyId} and greatest(s.position_ms, s.stat_ms) <= ${now.getTime() - shortestMs}
        order by s.vehicle_id`,
    );
    if (quiet.length === 0) return 0;
    const open = new Set(
      (
        await queryRows<{ rule_id: number; vehicle_id: number }>(
          tx,
          sql`select rule_id, vehicle_id from alert_rule_states where company_id = ${companyId} and rule_id = any(${intArray(rules.map((rule) => rule.id))})`,
        )
      ).map((row) => `${row.rule_id}:${row.vehicle_id}`),
    );
    const openings: { tenant: Tenant; opening: IncidentOpening }[] = [];
    const scopeOf = new Map<Tenant["dataset"], Awaited<ReturnType<typeof ruleScopeFor>>>();
    for (const dataset of new Set(rules.map((rule) => rule.dataset)))
      scopeOf.set(dataset, await ruleScopeFor({ db: tx, tenant: { companyId, dataset }, rules: rules.filter((rule) => rule.dataset === dataset) }));
    for (const rule of rules) {
      const watched = scopeOf.get(rule.dataset)!(rule);
      for (const vehicle of quiet) {
        // Watched (in its scope) from its first sample after the rule (or its last change) was saved.
        if (
          vehicle.dataset !== rule.dataset ||
          (watched && !watched.has(vehicle.vehicle_id)) ||
          open.has(`${rule.id}:${vehicle.vehicle_id}`) ||
          new Date(vehicle.evaluated_at) < rule.updatedAt
        )
          continue;
        const silentAt = new Date(Number(vehicle.last_ms) + rule.trigger.minutes * 60_000);
        if (silentAt > now) continue;
        // Silent since outside the rule's operational time: the incident opens once that time begins.
        const at = isOperationalAt(rule.operationalSettings, silentAt) ? silentAt : isOperationalAt(rule.operationalSettings, now) ? now : null;
        if (!at) continue;
        const position = vehicle.latitude === null || vehicle.longitude === null ? {} : { latitude: vehicle.latitude, longitude: vehicle.longitude };
        openings.push({
          tenant: { companyId, dataset: rule.dataset },
          opening: {
            ruleId: rule.id,
            trigger: rule.trigger,
            vehicle: { id: vehicle.vehicle_id, name: vehicle.name, serial: vehicle.serial },
            place: null,
            at,
            ...position,
          },
        });
      }
    }
    for (const dataset of new Set(openings.map((entry) => entry.tenant.dataset))) {
      const tenant: Tenant = { companyId, dataset };
      const ofTenant = openings.filter((entry) => entry.tenant.dataset === dataset).map((entry) => entry.opening);
      const ids = await recordIncidents({ db: tx, tenant, changes: ofTenant.map((opening) => ({ open: opening })) });
      const states = ofTenant.map((opening, index) => ({
        ruleId: opening.ruleId,
        vehicleId: opening.vehicle.id,
        state: { since: null, open: { "": ids.get(index)! } } satisfies RuleState,
      }));
      await writeRuleStates({ db: tx, tenant, states, updatedAt: now });
      await publishFleetEvents({ db: tx, events: [{ kind: "incident", ...tenant }] });
    }
    return openings.length;
  });

/**
 * The "device silent" rules are the one kind no telemetry drives: this periodic check opens an
 * incident for each vehicle whose newest sample (as the alerts processor recorded it) is older than a
 * rule allows; the processor closes it at the vehicle's next sample. Returns the incidents opened.
 */
export const checkSilentDevices = async ({ db, now = new Date() }: { db: Executor; now?: Date }) => {
  const rules = await listEnabledRules({ db, types: ["deviceSilent"] });
  let opened = 0;
  for (const companyId of new Set(rules.map((rule) => rule.companyId))) {
    opened += await checkCompany({ db, companyId, rules: rules.filter((rule) => rule.companyId === companyId), now });
  }
  return opened;
};
