import type { AlertTrigger } from "./alert-trigger";

/** One committed sample of a vehicle, as the rules read it (positions and stats merged, time order). */
export type RuleSample = {
  time: Date;
  latitude?: number;
  longitude?: number;
  /** m/s */
  speed?: number | null;
  engineState?: string | null;
  fuelPercent?: number | null;
  /** The places the position lies in; absent for a stats sample. */
  placeIds?: readonly number[];
};

/**
 * What one rule remembers of one vehicle between batches (`alert_rule_states`). `open` maps an
 * occurrence key (a place id, "" for the vehicle, or a condition rule's key) to its open incident's
 * id (0 until the incident is written). A state that remembers nothing is not stored.
 */
export type RuleState = {
  /** Duration rules: since when (ms) the condition has held, or null. */
  since: number | null;
  open: Record<string, number>;
};

/** What the alerts processor knows of one vehicle whatever the rules (`alert_vehicle_states`). */
export type VehicleAlertState = {
  /** The newest position and stat times evaluated (ms): a sample at or before its kind's is late and skipped. */
  positionMs: number | null;
  statMs: number | null;
  /** The places the vehicle is in: place id → since when (ms). */
  inside: Record<string, number>;
};

export type RuleTransition = {
  kind: "open" | "close";
  ruleId: number;
  key: string;
  sample: RuleSample;
  placeId: number | null;
  value?: number;
  /** What the occurrence was, where the trigger does not say (a harsh event's kind and severity). */
  detail?: string;
};

/** A rule as evaluation needs it: `isActive` is its operational settings (when an occurrence may open). */
export type EvaluatedRule = { id: number; trigger: AlertTrigger; isActive: (time: Date) => boolean };

/**
 * Rules by what drives them, split once per batch (or per vehicle, for rules scoped to some): `all`
 * as given, `place` every place rule, `dwell` the dwell rules again; the duration rules by the samples that say
 * anything of their condition (speeding: positions; idling, fuel and engine: stats), so a sample is run
 * only through the rules it can move; `harsh` the harsh-event rules, run over the window's safety events
 * (harsh-event-transitions.ts). Device-silent rules are not evaluated here (check-silent-devices.ts).
 */
export type RulesByKind = {
  all: readonly EvaluatedRule[];
  place: EvaluatedRule[];
  dwell: EvaluatedRule[];
  onPosition: EvaluatedRule[];
  onStat: EvaluatedRule[];
  harsh: EvaluatedRule[];
};

const PLACE_TYPES: ReadonlySet<AlertTrigger["type"]> = new Set(["placeEntry", "placeExit", "placeDwell"]);
const ON_STAT_TYPES: ReadonlySet<AlertTrigger["type"]> = new Set(["idling", "fuelLow", "engineOn"]);

export const rulesByKind = (rules: readonly EvaluatedRule[]): RulesByKind => ({
  all: rules,
  place: rules.filter((rule) => PLACE_TYPES.has(rule.trigger.type)),
  dwell: rules.filter((rule) => rule.trigger.type === "placeDwell"),
  onPosition: rules.filter((rule) => rule.trigger.type === "speeding"),
  onStat: rules.filter((rule) => ON_STAT_TYPES.has(rule.trigger.type)),
  harsh: rules.filter((rule) => rule.trigger.type === "harshEvent"),
});

export const remembersNothing = (state: RuleState) => state.since === null && Object.keys(state.open).length === 0;

const MINUTE_MS = 60_000;
const IDLE_SPEED = 0.5; // m/s: below it an engine that runs is idling

/**
 * Whether a sample of the rule's kind (RulesByKind) holds the rule's condition: undefined when it says
 * nothing of it. Called per rule and sample: allocates nothing.
 */
const durationHolds = (trigger: AlertTrigger, sample: RuleSample): boolean | undefined => {
  switch (trigger.type) {
    case "speeding":
      return sample.speed == null ? undefined : sample.speed * 3.6 > trigger.speedKph;
    case "idling":
      return sample.engineState == null ? undefined : sample.engineState !== "Off" && (sample.speed ?? 0) < IDLE_SPEED;
    case "fuelLow":
      return sample.fuelPercent == null ? undefined : sample.fuelPercent < trigger.percent;
    case "engineOn":
      return sample.engineState == null ? undefined : sample.engineState !== "Off";
    default:
      return undefined;
  }
};

/** The value an opening incident shows (km/h, %). */
const durationValue = (trigger: AlertTrigger, sample: RuleSample) =>
  trigger.type === "speeding" ? Math.round(sample.speed! * 36) / 10 : trigger.type === "fuelLow" ? (sample.fuelPercent ?? undefined) : undefined;

const durationMs = (trigger: AlertTrigger) => (trigger.type === "speeding" ? trigger.seconds * 1000 : "minutes" in trigger ? trigger.minutes * MINUTE_MS : 0);

/** One vehicle's evaluation in progress. A class, not closures: it runs for every vehicle of every batch. */
class VehicleEvaluation {
  readonly changed = new Map<number, RuleState>();
  readonly transitions: RuleTransition[] = [];
  constructor(
    readonly next: VehicleAlertState,
    private readonly stored: ReadonlyMap<number, RuleState> | undefined,
  ) {}

  current(ruleId: number) {
    return this.changed.get(ruleId) ?? this.stored?.get(ruleId);
  }

  /** The rule's state to change: a copy of the stored one, made once. */
  writable(ruleId: number) {
    let state = this.changed.get(ruleId);
    if (!state) {
      const stored = this.stored?.get(ruleId);
      this.changed.set(ruleId, (state = stored ? { since: stored.since, open: { ...stored.open } } : { since: null, open: {} }));
    }
    return state;
  }

  open(rule: EvaluatedRule, key: string, sample: RuleSample, value?: number) {
    if (this.current(rule.id)?.open[key] !== undefined || !rule.isActive(sample.time)) return;
    this.writable(rule.id).open[key] = 0;
    this.transitions.push({ kind: "open", ruleId: rule.id, key, sample, placeId: key === "" ? null : Number(key), value });
  }

  close(rule: EvaluatedRule, key: string, sample: RuleSample) {
    if (this.current(rule.id)?.open[key] === undefined) return;
    delete this.writable(rule.id).open[key];
    this.transitions.push({ kind: "close", ruleId: rule.id, key, sample, placeId: key === "" ? null : Number(key) });
  }

  duration(rule: EvaluatedRule, sample: RuleSample, time: number) {
    const holds = durationHolds(rule.trigger, sample);
    if (holds === undefined) return;
    if (!holds) {
      const state = this.current(rule.id);
      if (!state) return;
      if (state.since !== null) this.writable(rule.id).since = null;
      this.close(rule, "", sample);
      return;
    }
    const since = this.current(rule.id)?.since ?? (this.writable(rule.id).since = time);
    if (time - since >= durationMs(rule.trigger)) this.open(rule, "", sample, durationValue(rule.trigger, sample));
  }

  /** A position against the vehicle's places: entries and exits for the place rules, and dwell times. */
  places(rules: RulesByKind, sample: RuleSample, time: number, first: boolean) {
    const inside = this.next.inside;
    // Keys read once: for…in over an object with numeric keys is slow, and this runs for every position.
    const keys = Object.keys(inside);
    const now = sample.placeIds!;
    if (keys.length === 0 && now.length === 0) return;
    // Most positions stay in the places they were in: nothing to compare or copy.
    let stays = keys.length === now.length;
    for (let i = 0; stays && i < now.length; i++) stays = inside[now[i]] !== undefined;
    if (!stays) this.move(rules, sample, time, first, keys);
    if (first) return;
    const stillInside = stays ? keys : Object.keys(this.next.inside);
    if (stillInside.length === 0) return;
    for (const rule of rules.dwell) {
      const dwellMs = (rule.trigger as Extract<AlertTrigger, { type: "placeDwell" }>).minutes * MINUTE_MS;
      for (const key of stillInside) if (time - this.next.inside[key] >= dwellMs && watchesPlace(rule, key)) this.open(rule, key, sample);
    }
  }

  /** The places left and entered at a position: the vehicle's places change, and the place rules open and close. */
  private move(rules: RulesByKind, sample: RuleSample, time: number, first: boolean, keys: readonly string[]) {
    const inside = this.next.inside;
    const now = sample.placeIds!;
    const left = keys.filter((key) => !now.includes(Number(key)));
    const entered = now.filter((id) => inside[id] === undefined).map(String);
    const next: Record<string, number> = {};
    for (const key of keys) if (!left.includes(key)) next[key] = inside[key];
    for (const key of entered) next[key] = time;
    this.next.inside = next;
    if (first) return;
    for (const rule of rules.place) {
      const { type } = rule.trigger;
      for (const key of left) if (watchesPlace(rule, key)) this[type === "placeExit" ? "open" : "close"](rule, key, sample);
      for (const key of entered) if (watchesPlace(rule, key)) this[type === "placeEntry" ? "open" : "close"](rule, key, sample);
    }
  }
}

const watchesPlace = (rule: EvaluatedRule, key: string) => {
  const { placeIds } = rule.trigger as Extract<AlertTrigger, { placeIds: number[] }>;
  return placeIds.length === 0 || placeIds.includes(Number(key));
};

/**
 * Runs a vehicle's new samples (time order) through the rules that watch it. Pure. Samples at or
 * before the newest of their kind already evaluated are late and skipped: the states already reflect
 * later data (docs/decisions.md "Alert evaluation"). The places the vehicle is in are the vehicle's,
 * shared by every place rule; its first position ever sets them without entering or leaving anything.
 * Returns the new vehicle state, the rule states that changed (null: remembers nothing now) and the
 * incidents to open and close, in order. `stored` (the vehicle's rule states) is left as it was.
 */
export const evaluateVehicle = ({
  vehicle,
  samples,
  rules,
  stored,
}: {
  vehicle: VehicleAlertState | null;
  samples: readonly RuleSample[];
  rules: RulesByKind;
  stored: ReadonlyMap<number, RuleState> | undefined;
}) => {
  const evaluation = new VehicleEvaluation({ positionMs: vehicle?.positionMs ?? null, statMs: vehicle?.statMs ?? null, inside: vehicle?.inside ?? {} }, stored);
  const { next } = evaluation;
  for (const sample of samples) {
    const time = sample.time.getTime();
    const isPosition = sample.placeIds !== undefined;
    const newest = isPosition ? next.positionMs : next.statMs;
    if (newest !== null && time <= newest) continue;
    if (isPosition) next.positionMs = time;
    else next.statMs = time;
    if (isPosition) evaluation.places(rules, sample, time, newest === null);
    for (const rule of isPosition ? rules.onPosition : rules.onStat) evaluation.duration(rule, sample, time);
  }
  const states = new Map<number, RuleState | null>();
  for (const [ruleId, state] of evaluation.changed) states.set(ruleId, remembersNothing(state) ? null : state);
  return { vehicle: next, states, transitions: evaluation.transitions };
};
