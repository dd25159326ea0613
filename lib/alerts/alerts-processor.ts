import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alertRules, alertRuleStates, devices, places, vehicles } from "@/db/schema";
import { publishFleetEvents } from "@/lib/fleet-events/fleet-event";
import type { VehicleTelemetry } from "@/lib/fleet-events/read-committed-telemetry";
import type { TelemetryProcessor } from "@/lib/fleet-events/telemetry-processors";
import type { LocatablePlace } from "@/lib/places/place-geometry";
import { indexPlaces } from "@/lib/places/place-index";
import { whereTenant, type Tenant } from "@/lib/tenant";
import { CONDITION_TRIGGER_TYPES, isPlaceTrigger, type AlertTrigger } from "./alert-trigger";
import { evaluateRule, type RuleSample, type RuleState } from "./evaluate-rule";
import { isOperationalAt, type OperationalSettings } from "./operational-settings";
import { closeIncidents, openIncident } from "./record-incidents";
import { ruleScopeFor } from "./rule-scope";
import { writeRuleStates } from "./write-rule-states";

type Rule = { id: number; trigger: AlertTrigger; vehicleIds: number[]; tagIds: number[]; operationalSettings: OperationalSettings | null };
type Place = LocatablePlace & { id: number; name: string; formattedAddress: string };

const loadRules = async (db: Executor, tenant: Tenant): Promise<Rule[]> =>
  (await db
    .select({ id: alertRules.id, trigger: alertRules.trigger, vehicleIds: alertRules.vehicleIds, tagIds: alertRules.tagIds, operationalSettings: alertRules.operationalSettings })
    .from(alertRules)
    .where(and(whereTenant(alertRules, tenant), isNull(alertRules.deletedAt), eq(alertRules.isEnabled, true), notInArray(sql`${alertRules.trigger}->>'type'`, [...CONDITION_TRIGGER_TYPES])))) as Rule[];

const loadPlaces = (db: Executor, tenant: Tenant): Promise<Place[]> =>
  db
    .select({ id: places.id, name: places.name, formattedAddress: places.formattedAddress, latitude: places.latitude, longitude: places.longitude, radiusMeters: places.radiusMeters, vertices: places.vertices, minLatitude: places.minLatitude, maxLatitude: places.maxLatitude, minLongitude: places.minLongitude, maxLongitude: places.maxLongitude })
    .from(places)
    .where(whereTenant(places, tenant));

/** A vehicle's samples in time order: positions carry the places they lie in, stats their readings. */
const samplesOf = (vehicle: VehicleTelemetry, placesAt: (point: { latitude: number; longitude: number }) => number[]): RuleSample[] =>
  [
    ...vehicle.positions.map((position) => ({ time: position.time, latitude: position.latitude, longitude: position.longitude, speed: position.speed, placeIds: placesAt(position) })),
    ...vehicle.stats.map((stat) => ({ time: stat.time, speed: stat.speed, engineState: stat.engineState, fuelPercent: stat.fuelPercent })),
  ].sort((a, b) => a.time.getTime() - b.time.getTime());

/**
 * Evaluates the tenant's enabled rules over newly committed telemetry, inside the alerts processor's
 * checkpoint transaction: rule states are locked, incidents opened and closed, webhook events
 * raised and the states written back, all or nothing, so every occurrence opens one incident.
 */
export const evaluateAlertRules = async ({ tx, tenant, vehicles: batch }: { tx: Executor; tenant: Tenant; vehicles: VehicleTelemetry[] }) => {
  const rules = await loadRules(tx, tenant);
  if (rules.length === 0) return;
  const placeList = rules.some((rule) => isPlaceTrigger(rule.trigger)) ? await loadPlaces(tx, tenant) : [];
  const placeById = new Map(placeList.map((place) => [place.id, place]));
  const placesAt = indexPlaces(placeList);
  const vehicleIds = batch.map((vehicle) => vehicle.vehicleId);
  const watches = await ruleScopeFor({ db: tx, tenant, rules, vehicleIds });
  const named = new Map((await tx.select({ id: vehicles.id, name: vehicles.name, serial: devices.identifier }).from(vehicles).leftJoin(devices, and(eq(devices.companyId, vehicles.companyId), eq(devices.vehicleId, vehicles.id))).where(and(whereTenant(vehicles, tenant), inArray(vehicles.id, vehicleIds)))).map((row) => [row.id, row]));
  // Locked for the transaction (one company: one shard on Citus): the silent-device check writes these too.
  const stateRows = await tx
    .select({ ruleId: alertRuleStates.ruleId, vehicleId: alertRuleStates.vehicleId, state: alertRuleStates.state })
    .from(alertRuleStates)
    .where(and(eq(alertRuleStates.companyId, tenant.companyId), inArray(alertRuleStates.ruleId, rules.map((rule) => rule.id)), inArray(alertRuleStates.vehicleId, vehicleIds)))
    .for("update");
  const states = new Map(stateRows.map((row) => [`${row.ruleId}:${row.vehicleId}`, row.state as RuleState]));
  const written: { ruleId: number; vehicleId: number; state: RuleState }[] = [];
  let changed = false;
  for (const vehicle of batch) {
    const inScope = rules.filter((rule) => watches(rule, vehicle.vehicleId));
    if (inScope.length === 0) continue;
    const samples = samplesOf(vehicle, (point) => placesAt(point).map((place) => place.id));
    for (const rule of inScope) {
      const wanted = isPlaceTrigger(rule.trigger) && rule.trigger.placeIds.length > 0 ? new Set(rule.trigger.placeIds) : null;
      const ruleSamples = wanted ? samples.map((sample) => (sample.placeIds ? { ...sample, placeIds: sample.placeIds.filter((id) => wanted.has(id)) } : sample)) : samples;
      const previous = states.get(`${rule.id}:${vehicle.vehicleId}`) ?? null;
      const isActive = (time: Date) => isOperationalAt(rule.operationalSettings, time);
      const { state, transitions } = evaluateRule({ trigger: rule.trigger, state: previous, samples: ruleSamples, isActive });
      // Incident ids by occurrence key as the transitions go (one may open and close in the same batch).
      const incidentIds: Record<string, number> = { ...(previous?.trigger === state.trigger ? previous.open : {}) };
      for (const transition of transitions) {
        changed = true;
        if (transition.kind === "close") {
          const incidentId = incidentIds[transition.key];
          delete incidentIds[transition.key];
          if (incidentId) await closeIncidents({ db: tx, tenant, incidentIds: [incidentId], at: transition.sample.time, trigger: rule.trigger });
          continue;
        }
        const place = transition.placeId === null ? null : (placeById.get(transition.placeId) ?? null);
        incidentIds[transition.key] = await openIncident({
          db: tx,
          tenant,
          opening: { ruleId: rule.id, trigger: rule.trigger, vehicle: named.get(vehicle.vehicleId) ?? { id: vehicle.vehicleId, name: `Vehicle ${vehicle.vehicleId}` }, place, at: transition.sample.time, latitude: transition.sample.latitude, longitude: transition.sample.longitude, value: transition.value },
        });
      }
      for (const key of Object.keys(state.open)) state.open[key] = incidentIds[key];
      // A new last time is a change (the usual case): only otherwise is the whole state compared.
      if (state.lastMs !== previous?.lastMs || JSON.stringify(state) !== JSON.stringify(previous)) written.push({ ruleId: rule.id, vehicleId: vehicle.vehicleId, state });
    }
  }
  await writeRuleStates({ db: tx, tenant, states: written });
  if (changed) await publishFleetEvents({ db: tx, events: [{ kind: "incident", ...tenant }] });
};

/** The alerts processor: starts at what is committed from now on (old telemetry raises no incident). */
export const alertsProcessor: TelemetryProcessor = { name: "alerts", startAt: "now", process: evaluateAlertRules };
