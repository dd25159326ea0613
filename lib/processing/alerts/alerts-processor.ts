import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules } from "@/db/schema";
import { publishFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event";
import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import type { Checkpoint, TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { whereTenant, type Tenant } from "@/lib/platform/tenant";
import { CONDITION_TRIGGER_TYPES, type AlertTrigger } from "./alert-trigger";
import { ALERTS_PROCESSOR, alertStatesMemory, loadAlertStates } from "./alert-states";
import {
  evaluateVehicle,
  rulesByKind,
  type EvaluatedRule,
  type RulesByKind,
  type RuleSample,
  type RuleState,
  type RuleTransition,
  type VehicleAlertState,
} from "./evaluate-vehicle";
import { isOperationalAt, type OperationalSettings } from "./operational-settings";
import { incidentChanges } from "./incident-changes";
import { vehicleNames } from "./vehicle-names";
import { recordIncidents } from "./record-incidents";
import { ruleScopeFor } from "@/lib/fleet/tags/tag-scope";
import { silentIncidentsEnding } from "./silent-incidents";
import { tenantPlaces } from "./tenant-places";
import { harshEventTransitions, windowSafetyEvents } from "./harsh-event-transitions";
import { COMPUTED_KINDS } from "@/lib/processing/safety-events/detect-harsh-speed-changes";

type Rule = EvaluatedRule & { vehicleIds: number[]; tagIds: number[]; updatedAt: Date };

/**
 * The tenant's enabled telemetry rules, locked FOR SHARE: an edit (which resets the rule's states) waits
 * for this batch, or this batch sees the edit.
 */
const loadRules = async (db: Executor, tenant: Tenant): Promise<Rule[]> =>
  (
    await db
      .select({
        id: alertRules.id,
        trigger: alertRules.trigger,
        vehicleIds: alertRules.vehicleIds,
        tagIds: alertRules.tagIds,
        operationalSettings: alertRules.operationalSettings,
        updatedAt: alertRules.updatedAt,
      })
      .from(alertRules)
      .where(
        and(
          whereTenant(alertRules, tenant),
          isNull(alertRules.deletedAt),
          eq(alertRules.isEnabled, true),
          notInArray(sql`${alertRules.trigger}->>'type'`, [...CONDITION_TRIGGER_TYPES]),
        ),
      )
      .for("share")
  ).map((row) => {
    const settings = row.operationalSettings as OperationalSettings | null;
    return { ...row, trigger: row.trigger as AlertTrigger, isActive: (time: Date) => isOperationalAt(settings, time) };
  });

const byTime = (a: RuleSample, b: RuleSample) => a.time.getTime() - b.time.getTime();

/** A vehicle's samples in time order: positions carry the places they lie in, stats their readings. Loops, not closures: it runs for every vehicle. */
const samplesOf = (vehicle: VehicleTelemetry, placesAt: (point: { latitude: number; longitude: number }) => readonly number[]): RuleSample[] => {
  const samples: RuleSample[] = [];
  for (const position of vehicle.positions)
    samples.push({ time: position.time, latitude: position.latitude, longitude: position.longitude, speed: position.speed, placeIds: placesAt(position) });
  for (const stat of vehicle.stats) samples.push({ time: stat.time, speed: stat.speed, engineState: stat.engineState, fuelPercent: stat.fuelPercent });
  return samples.length > 1 ? samples.sort(byTime) : samples;
};

/**
 * Evaluates the tenant's enabled rules over newly committed telemetry, inside the alerts processor's
 * checkpoint transaction: incidents opened and closed, webhook events raised and the states written,
 * all or nothing with the checkpoint, so every occurrence opens one incident. What is written follows
 * what changed: a rule's state only when it changed, a vehicle's places when they changed, and the
 * vehicles' newest times every few seconds (lib/processing/alerts/alert-states.ts).
 */
export const evaluateAlertRules = async ({
  tx,
  tenant,
  vehicles: batch,
  checkpoint,
  throughSeq,
}: {
  tx: Executor;
  tenant: Tenant;
  vehicles: VehicleTelemetry[];
  checkpoint: Checkpoint;
  throughSeq: number;
}) => {
  const rules = await loadRules(tx, tenant);
  if (rules.length === 0) return;
  const evaluated = rules.filter((rule) => rule.trigger.type !== "deviceSilent");
  const { byId: placeById, placesAt } = await tenantPlaces({ db: tx, tenant });
  const vehicleIds = batch.map((vehicle) => vehicle.vehicleId);
  const vehiclesOf = await ruleScopeFor({ db: tx, tenant, rules });
  const states = await loadAlertStates({
    db: tx,
    tenant,
    checkpoint,
    rules: evaluated.map((rule) => `${rule.id}@${rule.updatedAt.getTime()}`).join(","),
    ruleIds: evaluated.map((rule) => rule.id),
    vehicleIds,
  });
  const everywhere = rulesByKind(evaluated.filter((rule) => rule.vehicleIds.length === 0 && rule.tagIds.length === 0));
  const someVehicles = evaluated.filter((rule) => rule.vehicleIds.length > 0 || rule.tagIds.length > 0);
  const rulesOf = rulesOfVehicles({ everywhere, scoped: someVehicles, vehiclesOf, batch: new Set(vehicleIds) });
  const harshRules = evaluated.flatMap((rule) => (rule.trigger.type === "harshEvent" ? [rule.trigger] : []));
  // Speed changes are computed only while a rule watches braking or acceleration (it reads each vehicle's recent fixes).
  const computed = harshRules.some((trigger) => trigger.kinds.some((kind) => (COMPUTED_KINDS as readonly string[]).includes(kind)));
  const harshEventsOf = harshRules.length > 0 ? await windowSafetyEvents({ db: tx, tenant, vehicles: batch, computed }) : new Map<number, never>();
  const vehicleStates = new Map<number, VehicleAlertState>();
  const changedPlaces = new Set<number>();
  const ruleStates: { ruleId: number; vehicleId: number; state: RuleState | null }[] = [];
  const found: { vehicleId: number; transition: RuleTransition; state: RuleState | null }[] = [];
  // Each vehicle's first sample not late: it ends a device-silent incident.
  const firstSampleOf = new Map<number, Date>();
  for (const vehicle of batch) {
    const previous = states.vehicleOf(vehicle.vehicleId);
    const samples = samplesOf(vehicle, placesAt);
    const rulesOfVehicle = rulesOf(vehicle.vehicleId);
    const result = evaluateVehicle({ vehicle: previous, samples, rules: rulesOfVehicle, stored: states.rulesOf(vehicle.vehicleId) });
    vehicleStates.set(vehicle.vehicleId, result.vehicle);
    if (result.vehicle.inside !== (previous?.inside ?? result.vehicle.inside)) changedPlaces.add(vehicle.vehicleId);
    if (!previous && Object.keys(result.vehicle.inside).length > 0) changedPlaces.add(vehicle.vehicleId);
    const first = firstNewSample(samples, previous);
    if (first) firstSampleOf.set(vehicle.vehicleId, first);
    for (const [ruleId, state] of result.states) ruleStates.push({ ruleId, vehicleId: vehicle.vehicleId, state });
    for (const transition of result.transitions) found.push({ vehicleId: vehicle.vehicleId, transition, state: result.states.get(transition.ruleId) ?? null });
    // A harsh event's incident opens and resolves at once: it leaves no state.
    const harshEvents = harshEventsOf.get(vehicle.vehicleId);
    if (harshEvents && rulesOfVehicle.harsh.length > 0)
      for (const transition of harshEventTransitions({ events: harshEvents, rules: rulesOfVehicle.harsh }))
        found.push({ vehicleId: vehicle.vehicleId, transition, state: null });
  }
  await states.saveVehicles({ vehicleStates, changedPlaces, throughSeq });
  const silent = await silentIncidentsEnding({
    db: tx,
    tenant,
    ruleIds: rules.filter((rule) => rule.trigger.type === "deviceSilent").map((rule) => rule.id),
    firstSampleOf,
  });
  const named = await vehicleNames({
    db: tx,
    tenant,
    vehicleIds: [...new Set(found.filter((entry) => entry.transition.kind === "open").map((entry) => entry.vehicleId))],
  });
  const { changes, openings } = incidentChanges({
    found,
    rules,
    placeById,
    named,
    storedIncident: (vehicleId, ruleId, key) => states.rulesOf(vehicleId)?.get(ruleId)?.open[key],
  });
  const incidentIds = await recordIncidents({ db: tx, tenant, changes: [...changes, ...silent.changes] });
  // The states hold 0 for what opened in this batch until now: the last opening of an occurrence still open is its incident.
  for (const [changeIndex, { key, state }] of openings) if (state?.open[key] !== undefined) state.open[key] = incidentIds.get(changeIndex)!;
  await states.saveRules({ vehicleStates, ruleStates: [...ruleStates, ...silent.states] });
  if (changes.length + silent.changes.length > 0) await publishFleetEvents({ db: tx, events: [{ kind: "incident", ...tenant }] });
};

/**
 * Each vehicle's rules: those watching every vehicle plus the scoped ones that watch it. Vehicles
 * watched by the same scoped rules (a fleet's groups) share one split, made once a batch; the groups
 * are found by going through each scoped rule's vehicles (or the batch's) once, not asking every
 * rule of every vehicle.
 */
const rulesOfVehicles = ({
  everywhere,
  scoped,
  vehiclesOf,
  batch,
}: {
  everywhere: RulesByKind;
  scoped: readonly Rule[];
  vehiclesOf: (rule: Rule) => ReadonlySet<number> | null;
  batch: ReadonlySet<number>;
}) => {
  const watchingOf = new Map<number, Rule[]>();
  for (const rule of scoped) {
    const watched = vehiclesOf(rule)!;
    // Whichever is smaller is gone through: a tag of the whole fleet, or a window of a few vehicles.
    const [few, many] = watched.size <= batch.size ? [watched, batch] : [batch, watched];
    for (const vehicleId of few) {
      if (!many.has(vehicleId)) continue;
      const watching = watchingOf.get(vehicleId);
      if (watching) watching.push(rule);
      else watchingOf.set(vehicleId, [rule]);
    }
  }
  const byGroup = new Map<string, RulesByKind>();
  return (vehicleId: number) => {
    const watching = watchingOf.get(vehicleId);
    if (!watching) return everywhere;
    const group = watching.map((rule) => rule.id).join(",");
    let rules = byGroup.get(group);
    if (!rules) byGroup.set(group, (rules = rulesByKind([...everywhere.all, ...watching])));
    return rules;
  };
};

/** The first of a vehicle's samples newer than what was evaluated of its kind. */
const firstNewSample = (samples: readonly RuleSample[], previous: VehicleAlertState | null) => {
  for (const sample of samples) if (sample.time.getTime() > ((sample.placeIds ? previous?.positionMs : previous?.statMs) ?? -Infinity)) return sample.time;
  return undefined;
};

/** The alerts processor: starts at what is committed from now on (old telemetry raises no incident). */
export const alertsProcessor: TelemetryProcessor = {
  name: ALERTS_PROCESSOR,
  startAt: "now",
  process: evaluateAlertRules,
  committed: alertStatesMemory.committed,
};
