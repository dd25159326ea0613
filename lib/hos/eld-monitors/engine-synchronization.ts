import type { CommittedPosition, CommittedStat } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { gapTimeInDay, setIndicator, type EldMonitorState, type IndicatorChange } from "./monitor-state";

/** Table 4: the engine synchronization compliance malfunction and data diagnostic. */
export const ENGINE_SYNC_MALFUNCTION = "E";
export const ENGINE_SYNC_DIAGNOSTIC = "2";
/** 4.6.1.2(b): engine data lost for more than 30 minutes over 24 hours is the malfunction. */
const LIMIT_MS = 30 * 60_000;
/** 4.3.1.2: moving at 5 mph or more is driving, when the engine's miles and hours are needed. */
const MOVING_METERS_PER_SECOND = 5 * 0.44704;
/**
 * 4.6.1.2(a) allows 5 seconds from the need. The service sees the engine only through a tracker's reports, which
 * come every few seconds to every few minutes (the simulator's backfill: 5 minutes): the data counts as lost when a
 * vehicle moving has sent no engine reading for that longest interval plus the rule's 5 seconds (docs/decisions.md).
 */
export const ENGINE_REPORT_ALLOWANCE_MS = 5 * 60_000 + 5_000;

/**
 * Engine synchronization (4.6.1.2) at one report, for a vehicle that has reported its engine's odometer: the data
 * diagnostic is logged when the vehicle moves and the engine's readings stopped (the gap counts from the last one),
 * cleared with the next reading; over 30 minutes of gaps in 24 hours logs the malfunction, cleared the same way.
 * An engine-off report ends the need (the gap closes; the indicators wait for a reading).
 */
export const monitorEngineSynchronization = (
  state: EldMonitorState,
  changes: IndicatorChange[],
  report: { at: number; position: CommittedPosition } | { at: number; stat: CommittedStat },
) => {
  const { at } = report;
  const closeGap = () => {
    if (state.engineGapFrom !== null) state.engineGaps.push({ from: state.engineGapFrom, to: at });
    state.engineGapFrom = null;
  };
  if ("stat" in report) {
    if (report.stat.odometerMeters !== null) {
      state.engineConnected = true;
      state.engineAt = at;
      closeGap();
      setIndicator(state, changes, { at, diagnosticCode: ENGINE_SYNC_DIAGNOSTIC, logged: false });
      setIndicator(state, changes, { at, diagnosticCode: ENGINE_SYNC_MALFUNCTION, logged: false });
    } else if (report.stat.engineState === "Off") {
      closeGap();
      state.engineAt = null;
    }
    return;
  }
  if (!state.engineConnected || report.position.speed < MOVING_METERS_PER_SECOND) return;
  if (state.engineAt === null) state.engineAt = at;
  if (state.engineGapFrom === null && at - state.engineAt > ENGINE_REPORT_ALLOWANCE_MS) {
    state.engineGapFrom = state.engineAt;
    setIndicator(state, changes, { at, diagnosticCode: ENGINE_SYNC_DIAGNOSTIC, logged: true });
  }
  if (state.engineGapFrom !== null && gapTimeInDay(state.engineGaps, state.engineGapFrom, at) > LIMIT_MS)
    setIndicator(state, changes, { at, diagnosticCode: ENGINE_SYNC_MALFUNCTION, logged: true });
};
