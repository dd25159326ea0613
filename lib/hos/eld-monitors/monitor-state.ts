/** A span of time in which the ELD failed a requirement: epoch milliseconds. */
export type Gap = { from: number; to: number };

/**
 * What the ELD's self-monitoring (Appendix A 4.6) keeps of a vehicle between telemetry batches, in
 * driving_detector_states.eld_monitors: the position and engine-data gaps of the last 24 hours, the one open now, and
 * the Table 4 codes the monitors hold logged (their type 7 records are written once, when they change); and the
 * engine's state as last reported, whose changes are the power-up and shut-down records (4.5.1.6, engine-power.ts).
 */
export type EldMonitorState = {
  /** The latest report monitored: a later batch's older report (a late point) is left out, as automatic driving does. */
  lastAt: number | null;
  /** The engine's odometer (meters): the latest reading, and the one at the latest valid position fix. */
  odometer: number | null;
  fixOdometer: number | null;
  /** Since when the vehicle has moved 5 miles past its latest valid fix without a new one (4.6.1.4). */
  positionGapFrom: number | null;
  positionGaps: Gap[];
  /** The vehicle has reported its engine's odometer (an engine-connected ELD): engine synchronization is monitored. */
  engineConnected: boolean;
  /** The latest engine reading, or when the current need of one began (the vehicle moving after an engine-off). */
  engineAt: number | null;
  /** Since when the engine data has been missing while needed (4.6.1.2). */
  engineGapFrom: number | null;
  engineGaps: Gap[];
  /** Driving the device did not record, unpowered (4.6.1.1), in the last 24 hours. */
  powerGaps: Gap[];
  /** The report at which the unidentified driving diagnostic was last checked (4.6.1.6; at most once a minute of reports). */
  unidentifiedCheckedAt: number | null;
  active: string[];
  /** The engine running (On or Idle) or off at the latest report of its state; null: never reported (no change to record yet). */
  engineRunning: boolean | null;
};

export const EMPTY_MONITORS: EldMonitorState = {
  lastAt: null,
  odometer: null,
  fixOdometer: null,
  positionGapFrom: null,
  positionGaps: [],
  engineConnected: false,
  engineAt: null,
  engineGapFrom: null,
  engineGaps: [],
  powerGaps: [],
  unidentifiedCheckedAt: null,
  active: [],
  engineRunning: null,
};

/**
 * What is stored of a state: the fields that differ from the empty state's (most vehicles hold no gap and no code),
 * as each window saves every moving vehicle's state, 10,000 of them for such a fleet (docs/scaling.md, issue 41).
 */
export const storedMonitorState = (state: EldMonitorState): Partial<EldMonitorState> =>
  Object.fromEntries(
    Object.entries(state).filter(([key, value]) => {
      const empty = EMPTY_MONITORS[key as keyof EldMonitorState];
      return Array.isArray(value) ? value.length > 0 : value !== empty;
    }),
  );

/** A stored state, `{}` for a vehicle monitored before (the column's default): the empty state's fields filled in. */
export const monitorStateOf = (stored: unknown): EldMonitorState => ({ ...EMPTY_MONITORS, ...(stored as Partial<EldMonitorState>) });

export const DAY_MS = 24 * 3_600_000;

/** The time spent in `gaps` (and the open one, up to `now`) over the 24 hours up to `now`. */
export const gapTimeInDay = (gaps: readonly Gap[], openFrom: number | null, now: number) =>
  [...gaps, ...(openFrom === null ? [] : [{ from: openFrom, to: now }])].reduce(
    (sum, gap) => sum + Math.max(0, Math.min(gap.to, now) - Math.max(gap.from, now - DAY_MS)),
    0,
  );

/** A logged or cleared malfunction or data diagnostic (Table 4 code) at an instant. */
export type IndicatorChange = { at: number; diagnosticCode: string; logged: boolean };

/** Sets `code` logged or cleared in `state`, noting the change in `changes` when it is one. */
export const setIndicator = (state: EldMonitorState, changes: IndicatorChange[], { at, diagnosticCode, logged }: IndicatorChange) => {
  if (state.active.includes(diagnosticCode) === logged) return;
  state.active = logged ? [...state.active, diagnosticCode] : state.active.filter((code) => code !== diagnosticCode);
  changes.push({ at, diagnosticCode, logged });
};
