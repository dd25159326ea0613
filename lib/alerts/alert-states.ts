import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, numberArray, queryRows } from "@/db/rows";
import { processorMemory } from "@/lib/fleet-events/processor-memory";
import type { Checkpoint } from "@/lib/fleet-events/telemetry-processors";
import type { Tenant } from "@/lib/tenant";
import type { RuleState, VehicleAlertState } from "./evaluate-vehicle";

type KnownVehicles = Map<number, { vehicle: VehicleAlertState; rules: Map<number, RuleState> }>;

/**
 * The states the alerts processor wrote last (lib/fleet-events/processor-memory.ts), with the rule
 * versions they were evaluated under: only the processor writes them (under the checkpoint lock), so
 * one instance following a tenant reads them back only after a rule edit, and a batch reads only what
 * it changes.
 */
export const alertStatesMemory = processorMemory<{ rules: string; vehicles: KnownVehicles }>();

/**
 * The states of a batch's vehicles for the given rules (`rules`: their ids and versions, as one
 * string), from what this instance knows as of `checkpoint` (the one the window starts at) or else
 * from the database.
 */
export const loadAlertStates = async ({ db, tenant, checkpoint, rules, ruleIds, vehicleIds }: { db: Executor; tenant: Tenant; checkpoint: Checkpoint; rules: string; ruleIds: readonly number[]; vehicleIds: readonly number[] }) => {
  const recalled = alertStatesMemory.recall({ tenant, checkpoint });
  const vehicles: KnownVehicles = recalled?.rules === rules ? recalled.vehicles : new Map();
  const missing = vehicleIds.filter((id) => !vehicles.has(id));
  if (missing.length > 0) {
    const ids = intArray(missing);
    const stored = await queryRows<{ vehicle_id: number; position_ms: string | null; stat_ms: string | null; inside: Record<string, number> }>(
      db,
      sql`select vehicle_id, position_ms, stat_ms, inside from alert_vehicle_states where company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and vehicle_id = any(${ids})`,
    );
    for (const row of stored) {
      vehicles.set(row.vehicle_id, { vehicle: { positionMs: row.position_ms === null ? null : Number(row.position_ms), statMs: row.stat_ms === null ? null : Number(row.stat_ms), inside: row.inside }, rules: new Map() });
    }
    const states = ruleIds.length === 0 ? [] : await queryRows<{ rule_id: number; vehicle_id: number; state: RuleState }>(
      db,
      sql`select rule_id, vehicle_id, state from alert_rule_states where company_id = ${tenant.companyId} and rule_id = any(${intArray(ruleIds)}) and vehicle_id = any(${ids})`,
    );
    for (const row of states) vehicles.get(row.vehicle_id)?.rules.set(row.rule_id, row.state);
  }
  return {
    vehicleOf: (vehicleId: number) => vehicles.get(vehicleId)?.vehicle ?? null,
    /** The vehicle's states of the rules (absent: remembers nothing). */
    rulesOf: (vehicleId: number): ReadonlyMap<number, RuleState> | undefined => vehicles.get(vehicleId)?.rules,
    /** Writes every batch vehicle's times and places (`changedPlaces`: the vehicles whose places changed), in its transaction. First: it locks the vehicles' rows. */
    saveVehicles: ({ vehicleStates, changedPlaces }: { vehicleStates: ReadonlyMap<number, VehicleAlertState>; changedPlaces: ReadonlySet<number> }) => writeVehicleStates({ db, tenant, vehicleStates, changedPlaces, stored: (vehicleId) => vehicles.has(vehicleId) }),
    /**
     * Writes the rule states the batch changed (null: delete) and keeps the result, with the vehicles'
     * states, for the window after this one once it commits.
     */
    saveRules: async ({ vehicleStates, ruleStates }: { vehicleStates: ReadonlyMap<number, VehicleAlertState>; ruleStates: readonly { ruleId: number; vehicleId: number; state: RuleState | null }[] }) => {
      await writeRuleStates({ db, tenant, states: ruleStates });
      // What is kept is copied where it changed: `known` holds the same objects until this commits.
      const next = new Map(vehicles);
      for (const [vehicleId, vehicle] of vehicleStates) next.set(vehicleId, { vehicle, rules: next.get(vehicleId)?.rules ?? new Map() });
      const copied = new Set<number>();
      for (const { ruleId, vehicleId, state } of ruleStates) {
        const entry = next.get(vehicleId)!;
        if (!copied.has(vehicleId)) next.set(vehicleId, { ...entry, rules: new Map(entry.rules) });
        copied.add(vehicleId);
        if (state) next.get(vehicleId)!.rules.set(ruleId, state);
        else next.get(vehicleId)!.rules.delete(ruleId);
      }
      alertStatesMemory.keep({ tenant, value: { rules, vehicles: next } });
    },
  };
};

/**
 * Every batch vehicle's newest times, one statement for those stored before (an UPDATE joined to
 * array parameters: a batch can hold a whole fleet, and an upsert probed the key once a row), one
 * insert for those new, and the places of those whose places changed (one JSON parameter). In id
 * order: the silent-device check locks the same rows in id order, and the same order cannot deadlock.
 */
const writeVehicleStates = async ({ db, tenant, vehicleStates, stored, changedPlaces }: { db: Executor; tenant: Tenant; vehicleStates: ReadonlyMap<number, VehicleAlertState>; stored: (vehicleId: number) => boolean; changedPlaces: ReadonlySet<number> }) => {
  const ids = [...vehicleStates.keys()].sort((a, b) => a - b);
  const now = new Date().toISOString();
  const [known, fresh] = [ids.filter(stored), ids.filter((id) => !stored(id))];
  const columns = (of: number[]) => sql`${intArray(of)}, ${numberArray(of.map((id) => vehicleStates.get(id)!.positionMs), "bigint")}, ${numberArray(of.map((id) => vehicleStates.get(id)!.statMs), "bigint")}`;
  if (known.length > 0) {
    await db.execute(sql`update alert_vehicle_states s set position_ms = v.position_ms, stat_ms = v.stat_ms, updated_at = ${now}::timestamptz
      from unnest(${columns(known)}) as v(vehicle_id, position_ms, stat_ms)
      where s.company_id = ${tenant.companyId} and s.vehicle_id = v.vehicle_id`);
  }
  if (fresh.length > 0) {
    await db.execute(sql`insert into alert_vehicle_states (company_id, dataset, vehicle_id, position_ms, stat_ms, updated_at)
      select ${tenant.companyId}, ${tenant.dataset}, v.vehicle_id, v.position_ms, v.stat_ms, ${now}::timestamptz
      from unnest(${columns(fresh)}) as v(vehicle_id, position_ms, stat_ms)`);
  }
  if (changedPlaces.size === 0) return;
  const places = [...changedPlaces].map((vehicleId) => ({ vehicle_id: vehicleId, inside: vehicleStates.get(vehicleId)!.inside }));
  await db.execute(sql`update alert_vehicle_states s set inside = r.inside
    from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as r(vehicle_id int, inside jsonb)
    where s.company_id = ${tenant.companyId} and s.vehicle_id = r.vehicle_id`);
};

const STATES_A_STATEMENT = 10_000;

/**
 * Upserts (rule, vehicle) states, and deletes those that remember nothing now (null), in the caller's
 * transaction; one JSON parameter a statement (a multi-row VALUES passes PostgreSQL's 65,535
 * parameters at about 10,000 states).
 */
export const writeRuleStates = async ({ db, tenant, states, updatedAt = new Date() }: { db: Executor; tenant: Tenant; states: readonly { ruleId: number; vehicleId: number; state: RuleState | null }[]; updatedAt?: Date }) => {
  const kept = states.filter((row) => row.state !== null);
  const gone = states.filter((row) => row.state === null);
  for (let i = 0; i < kept.length; i += STATES_A_STATEMENT) {
    await db.execute(sql`insert into alert_rule_states (company_id, dataset, rule_id, vehicle_id, state, updated_at)
      select ${tenant.companyId}, ${tenant.dataset}, r.rule_id, r.vehicle_id, r.state, ${updatedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(kept.slice(i, i + STATES_A_STATEMENT).map((row) => ({ rule_id: row.ruleId, vehicle_id: row.vehicleId, state: row.state })))}::jsonb) as r(rule_id int, vehicle_id int, state jsonb)
      on conflict (company_id, rule_id, vehicle_id) do update set state = excluded.state, updated_at = excluded.updated_at`);
  }
  for (let i = 0; i < gone.length; i += STATES_A_STATEMENT) {
    const slice = gone.slice(i, i + STATES_A_STATEMENT);
    await db.execute(sql`delete from alert_rule_states s using unnest(${intArray(slice.map((row) => row.ruleId))}, ${intArray(slice.map((row) => row.vehicleId))}) as g(rule_id, vehicle_id)
      where s.company_id = ${tenant.companyId} and s.rule_id = g.rule_id and s.vehicle_id = g.vehicle_id`);
  }
};
