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
  /** Places (of the rule's choice) the position lies in; absent for a stats sample. */
  placeIds?: readonly number[];
};

/**
 * What a rule remembers of one vehicle between batches. `trigger` is the trigger it was built for: a
 * changed rule starts afresh. `open` maps an occurrence key (a place id, or "" for the vehicle) to
 * its open incident's id, filled in by the caller once the incident is written.
 */
export type RuleState = {
  trigger: string;
  /** The newest sample time evaluated (ms): anything at or before it is late and skipped. */
  lastMs: number | null;
  /** Place rules: the places the vehicle is in, and since when (ms). */
  inside: Record<string, number>;
  /** Duration rules: since when (ms) the condition has held, or null. */
  since: number | null;
  open: Record<string, number>;
};

export type RuleTransition = { kind: "open" | "close"; key: string; sample: RuleSample; placeId: number | null; value?: number };

const MINUTE_MS = 60_000;
const IDLE_SPEED = 0.5; // m/s: below it an engine that runs is idling

export const freshRuleState = (trigger: AlertTrigger): RuleState => ({ trigger: JSON.stringify(trigger), lastMs: null, inside: {}, since: null, open: {} });

/** Whether a sample's condition holds for a duration rule, and the value shown in the incident; undefined: the sample says nothing. */
const durationCondition = (trigger: AlertTrigger, sample: RuleSample): { holds: boolean; value?: number } | undefined => {
  switch (trigger.type) {
    case "speeding":
      return sample.placeIds === undefined || sample.speed == null ? undefined : { holds: sample.speed * 3.6 > trigger.speedKph, value: Math.round(sample.speed * 36) / 10 };
    case "idling":
      return sample.engineState == null || sample.placeIds !== undefined ? undefined : { holds: sample.engineState !== "Off" && (sample.speed ?? 0) < IDLE_SPEED };
    case "fuelLow":
      return sample.fuelPercent == null ? undefined : { holds: sample.fuelPercent < trigger.percent, value: sample.fuelPercent };
    case "engineOn":
      return sample.engineState == null ? undefined : { holds: sample.engineState !== "Off" };
    default:
      return undefined;
  }
};

const durationMs = (trigger: AlertTrigger) =>
  trigger.type === "speeding" ? trigger.seconds * 1000 : "minutes" in trigger ? trigger.minutes * MINUTE_MS : 0;

/**
 * Runs one rule over one vehicle's new samples (time order) from its state: the new state and the
 * incidents to open and close. Pure. Samples at or before the state's last time are late: the state
 * already reflects later data, so they are skipped (docs/decisions.md "Alert evaluation").
 * `isActive` (the rule's operational settings) says when an occurrence may open: a condition that
 * holds on into active time opens then; an entry or exit outside it opens nothing.
 */
export const evaluateRule = ({ trigger, state: previous, samples, isActive = () => true }: { trigger: AlertTrigger; state: RuleState | null; samples: readonly RuleSample[]; isActive?: (time: Date) => boolean }) => {
  // A copy two levels deep is the whole state (its maps hold numbers), without structuredClone's cost per rule and vehicle.
  const state: RuleState = previous && previous.trigger === JSON.stringify(trigger) ? { ...previous, inside: { ...previous.inside }, open: { ...previous.open } } : freshRuleState(trigger);
  const transitions: RuleTransition[] = [];
  const open = (key: string, sample: RuleSample, value?: number) => {
    if (state.open[key] !== undefined || !isActive(sample.time)) return;
    state.open[key] = 0;
    transitions.push({ kind: "open", key, sample, placeId: key === "" ? null : Number(key), value });
  };
  const close = (key: string, sample: RuleSample) => {
    if (state.open[key] === undefined) return;
    delete state.open[key];
    transitions.push({ kind: "close", key, sample, placeId: key === "" ? null : Number(key) });
  };
  for (const sample of samples) {
    const time = sample.time.getTime();
    if (state.lastMs !== null && time <= state.lastMs) continue;
    const first = state.lastMs === null;
    if (trigger.type === "deviceSilent") {
      state.lastMs = time;
      close("", sample);
      continue;
    }
    if (trigger.type === "placeEntry" || trigger.type === "placeExit" || trigger.type === "placeDwell") {
      if (!sample.placeIds) continue;
      state.lastMs = time;
      const now = new Set(sample.placeIds.map(String));
      for (const key of Object.keys(state.inside)) {
        if (now.has(key)) continue;
        delete state.inside[key];
        if (trigger.type === "placeExit" && !first) open(key, sample);
        else close(key, sample);
      }
      for (const key of now) {
        if (state.inside[key] === undefined) {
          state.inside[key] = time;
          if (trigger.type === "placeEntry" && !first) open(key, sample);
          if (trigger.type === "placeExit") close(key, sample);
        }
        if (trigger.type === "placeDwell" && time - state.inside[key] >= trigger.minutes * MINUTE_MS) open(key, sample);
      }
      continue;
    }
    const condition = durationCondition(trigger, sample);
    if (!condition) continue;
    state.lastMs = time;
    if (!condition.holds) {
      state.since = null;
      close("", sample);
      continue;
    }
    state.since ??= time;
    if (time - state.since >= durationMs(trigger)) open("", sample, condition.value);
  }
  return { state, transitions };
};
