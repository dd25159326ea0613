import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { intArray, numberArray, queryRows } from "@/db/rows";
import { processorMemory } from "@/lib/telemetry/fleet-events/processor-memory";
import { readStateSeq, writeStateSeq } from "@/lib/telemetry/fleet-events/state-seq";
import type { Checkpoint } from "@/lib/telemetry/fleet-events/telemetry-processors";
import type { Tenant } from "@/lib/platform/tenant";
import type { RuleState, VehicleAlertState } from "./evaluate-vehicle";

/** The alerts processor's name (its checkpoint row). */
export const ALERTS_PROCESSOR = "alerts";

type KnownVehicles = Map<number, { vehicle: VehicleAlertState; rules: Map<number, RuleState> }>;

/**
 * The states the alerts processor wrote last (lib/telemetry/fleet-events/processor-memory.ts), with the rule
 * versions they were evaluated under: only the processor writes them (under the checkpoint lock), so
 * one instance following a tenant reads them back only after a rule edit, and a batch reads only what
 * it changes. `unwritten`: the vehicles whose newest times are newer than stored (vehicle id → when
 * evaluated), written every WRITE_TIMES_EVERY_MS.
 */
export const alertStatesMemory = processorMemory<{ rules: string; vehicles: KnownVehicles; unwritten: Map<number, number>; writtenAt: number }>();

/**
 * The vehicles' newest times are the one state that changes at every sample: rewritten for every
 * reporting vehicle every batch, they were a third of the processor's cost. They are written at most
 * this often, with telemetry_checkpoints.state_seq saying through where they are complete; a window
 * that does not start from this process's memory first rolls them forward (`settleVehicleTimes`).
 */
const WRITE_TIMES_EVERY_MS = 10_000;

/**
 * The states of a batch's vehicles for the given rules (`rules`: their ids and versions, as one
 * string), from what this instance knows as of `checkpoint` (the one the window starts at) or else
 * from the database, its vehicle times settled first.
 */
export const loadAlertStates = async ({
  db,
  tenant,
  checkpoint,
  rules,
  ruleIds,
  vehicleIds,
}: {
  db: Executor;
  tenant: Tenant;
  checkpoint: Checkpoint;
  rules: string;
  ruleIds: readonly number[];
  vehicleIds: readonly number[];
}) => {
  const recalled = alertStatesMemory.recall({ tenant, checkpoint });
  const warm = recalled?.rules === rules ? recalled : undefined;
  if (!warm) await settleVehicleTimes({ db, tenant, through: checkpoint });
  const vehicles: KnownVehicles = warm ? warm.vehicles : new Map();
  // Copied: the memory must stay as of its checkpoint should this window roll back.
  const unwritten = new Map(warm?.unwritten);
  let writtenAt = warm?.writtenAt ?? Date.now();
  const missing = vehicleIds.filter((id) => !vehicles.has(id));
  if (missing.length > 0) {
    const ids = intArray(missing);
    const stored = await queryRows<{ vehicle_id: number; position_ms: string | null; stat_ms: string | null; inside: Record<string, number> }>(
      db,
      sql`select vehicle_id, position_ms, stat_ms, inside from alert_vehicle_states where company_id = ${tenant.companyId} and dataset =
        ${tenant.dataset} and vehicle_id = any(${ids})`,
    );
    for (const row of stored) {
      vehicles.set(row.vehicle_id, {
        vehicle: {
          positionMs: row.position_ms === null ? null : Number(row.position_ms),
          statMs: row.stat_ms === null ? null : Number(row.stat_ms),
          inside: row.inside,
        },
        rules: new Map(),
      });
    }
    const states =
      ruleIds.length === 0
        ? []
        : await queryRows<{ rule_id: number; vehicle_id: number; state: RuleState }>(
            db,
            sql`select rule_id, vehicle_id, state from alert_rule_states where company_id = ${tenant.companyId} and rule_id =
              any(${intArray(ruleIds)}) and vehicle_id = any(${ids})`,
          );
    for (const row of states) vehicles.get(row.vehicle_id)?.rules.set(row.rule_id, row.state);
  }
  return {
    vehicleOf: (vehicleId: number) => vehicles.get(vehicleId)?.vehicle ?? null,
    /** The vehicle's states of the rules (absent: remembers nothing). */
    rulesOf: (vehicleId: number): ReadonlyMap<number, RuleState> | undefined => vehicles.get(vehicleId)?.rules,
    /**
     * Writes, in its transaction, the batch's new vehicles and the places of those whose places
     * changed (`changedPlaces`), and every vehicle's newest times when due (through `throughSeq`, the
     * window's end).
     */
    saveVehicles: async ({
      vehicleStates,
      changedPlaces,
      throughSeq,
    }: {
      vehicleStates: ReadonlyMap<number, VehicleAlertState>;
      changedPlaces: ReadonlySet<number>;
      throughSeq: number;
    }) => {
      const now = Date.now();
      const fresh: number[] = [];
      for (const vehicleId of vehicleStates.keys()) {
        if (vehicles.has(vehicleId)) unwritten.set(vehicleId, now);
        else fresh.push(vehicleId);
      }
      const due = now - writtenAt >= WRITE_TIMES_EVERY_MS;
      // A vehicle unwritten since an earlier window and silent in this one has its state in memory.
      const stateOf = (vehicleId: number) => vehicleStates.get(vehicleId) ?? vehicles.get(vehicleId)!.vehicle;
      await writeVehicleStates({ db, tenant, stateOf, fresh, changedPlaces, times: due ? unwritten : new Map() });
      if (!due) return;
      await writeStateSeq({ db, tenant, processor: ALERTS_PROCESSOR, seq: throughSeq });
      unwritten.clear();
      writtenAt = now;
    },
    /**
     * Writes the rule states the batch changed (null: delete) and keeps the result, with the vehicles'
     * states, for the window after this one once it commits.
     */
    saveRules: async ({
      vehicleStates,
      ruleStates,
    }: {
      vehicleStates: ReadonlyMap<number, VehicleAlertState>;
      ruleStates: readonly { ruleId: number; vehicleId: number; state: RuleState | null }[];
    }) => {
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
      alertStatesMemory.keep({ tenant, value: { rules, vehicles: next, unwritten, writtenAt } });
    },
  };
};

/**
 * The batch's new vehicles (one insert), the places of those whose places changed (one JSON
 * parameter), and the newest times of the vehicles in `times` (vehicle id → when evaluated; an UPDATE
 * joined to array parameters: a fleet's worth at a time), in id order.
 */
const writeVehicleStates = async ({
  db,
  tenant,
  stateOf,
  fresh,
  changedPlaces,
  times,
}: {
  db: Executor;
  tenant: Tenant;
  stateOf: (vehicleId: number) => VehicleAlertState;
  fresh: readonly number[];
  changedPlaces: ReadonlySet<number>;
  times: ReadonlyMap<number, number>;
}) => {
  const now = new Date().toISOString();
  const columns = (of: number[]) =>
    sql`${intArray(of)}, ${numberArray(
      of.map((id) => stateOf(id).positionMs),
      "bigint",
    )}, ${numberArray(
      of.map((id) => stateOf(id).statMs),
      "bigint",
    )}`;
  if (times.size > 0) {
    const ids = [...times.keys()].sort((a, b) => a - b);
    await db.execute(sql`update alert_vehicle_states s set position_ms = v.position_ms, stat_ms = v.stat_ms, updated_at = to_timestamp(v.evaluated_ms / 1000.0)
      from unnest(${columns(ids)}, ${numberArray(
        ids.map((id) => times.get(id)!),
        "bigint",
      )}) as v(vehicle_id, position_ms, stat_ms, evaluated_ms)
      where s.company_id = ${tenant.companyId} and s.vehicle_id = v.vehicle_id`);
  }
  if (fresh.length > 0) {
    await db.execute(sql`insert into alert_vehicle_states (company_id, dataset, vehicle_id, position_ms, stat_ms, updated_at)
      select ${tenant.companyId}, ${tenant.dataset}, v.vehicle_id, v.position_ms, v.stat_ms, ${now}::timestamptz
      from unnest(${columns([...fresh].sort((a, b) => a - b))}) as v(vehicle_id, position_ms, stat_ms)`);
  }
  if (changedPlaces.size === 0) return;
  const places = [...changedPlaces].map((vehicleId) => ({ vehicle_id: vehicleId, inside: stateOf(vehicleId).inside }));
  await db.execute(sql`update alert_vehicle_states s set inside = r.inside
    from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as r(vehicle_id int, inside jsonb)
    where s.company_id = ${tenant.companyId} and s.vehicle_id = r.vehicle_id`);
};

/**
 * Rolls the stored newest times forward over the telemetry the processor evaluated since they were
 * last written (state_seq, through its checkpoint `through`) and records them complete through it, in
 * the caller's transaction, which holds the tenant's alerts checkpoint row. A late row changes nothing
 * (its time is not the newest). A vehicle rolled forward was evaluated by the checkpoint's last write
 * (`through.at`) at the latest, which is when it is taken to have been: seconds late at most, and only
 * for vehicles that reported in those seconds (the silent-device check watches a vehicle once it has
 * reported after the rule was saved).
 */
export const settleVehicleTimes = async ({ db, tenant, through }: { db: Executor; tenant: Tenant; through: Checkpoint }) => {
  const afterSeq = await readStateSeq({ db, tenant, processor: ALERTS_PROCESSOR });
  const throughSeq = through.seq;
  const kinds = [
    ["vehicle_positions", "position_ms"],
    ["vehicle_stat_samples", "stat_ms"],
  ] as const;
  if (afterSeq < throughSeq)
    for (const [table, column] of kinds) {
      await db.execute(sql`update alert_vehicle_states s set ${sql.raw(column)} = greatest(s.${sql.raw(column)}, n.newest_ms), updated_at =
        greatest(s.updated_at, ${through.at.toISOString()}::timestamptz)
      from (select vehicle_id, (extract(epoch from max(time)) * 1000)::bigint as newest_ms from ${sql.raw(table)}
        where company_id = ${tenant.companyId} and dataset = ${tenant.dataset} and seq > ${afterSeq} and seq <= ${throughSeq} group by vehicle_id) n
      where s.company_id = ${tenant.companyId} and s.dataset = ${tenant.dataset} and s.vehicle_id = n.vehicle_id`);
    }
  // Said even when nothing was behind: an unset state_seq means "complete through the checkpoint", which stops being true at the window's first unwritten time.
  await writeStateSeq({ db, tenant, processor: ALERTS_PROCESSOR, seq: throughSeq });
};

const STATES_A_STATEMENT = 10_000;

/**
 * Upserts (rule, vehicle) states, and deletes those that remember nothing now (null), in the caller's
 * transaction; one JSON parameter a statement (a multi-row VALUES passes PostgreSQL's 65,535
 * parameters at about 10,000 states).
 */
export const writeRuleStates = async ({
  db,
  tenant,
  states,
  updatedAt = new Date(),
}: {
  db: Executor;
  tenant: Tenant;
  states: readonly { ruleId: number; vehicleId: number; state: RuleState | null }[];
  updatedAt?: Date;
}) => {
  const kept = states.filter((row) => row.state !== null);
  const gone = states.filter((row) => row.state === null);
  for (let i = 0; i < kept.length; i += STATES_A_STATEMENT) {
    const slice = kept.slice(i, i + STATES_A_STATEMENT).map((row) => ({ rule_id: row.ruleId, vehicle_id: row.vehicleId, state: row.state }));
    await db.execute(sql`insert into alert_rule_states (company_id, dataset, rule_id, vehicle_id, state, updated_at)
      select ${tenant.companyId}, ${tenant.dataset}, r.rule_id, r.vehicle_id, r.state, ${updatedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as r(rule_id int, vehicle_id int, state jsonb)
      on conflict (company_id, rule_id, vehicle_id) do update set state = excluded.state, updated_at = excluded.updated_at`);
  }
  for (let i = 0; i < gone.length; i += STATES_A_STATEMENT) {
    const slice = gone.slice(i, i + STATES_A_STATEMENT);
    await db.execute(sql`delete from alert_rule_states s using unnest(${intArray(slice.map((row) => row.ruleId))},
      ${intArray(slice.map((row) => row.vehicleId))}) as g(rule_id, vehicle_id)
      where s.company_id = ${tenant.companyId} and s.rule_id = g.rule_id and s.vehicle_id = g.vehicle_id`);
  }
};
