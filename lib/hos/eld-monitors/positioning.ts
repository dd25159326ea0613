import type { CommittedPosition, CommittedStat } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { gapTimeInDay, setIndicator, type EldMonitorState, type IndicatorChange } from "./monitor-state";

/** Table 4: the positioning compliance malfunction. */
export const POSITIONING = "L";
/** 4.6.1.4(b): a valid position within 5 miles of the vehicle's movement... */
const GAP_METERS = 5 * 1609.344;
/** ...failing for more than 60 minutes over 24 hours is the malfunction. */
const LIMIT_MS = 60 * 60_000;

/**
 * Positioning compliance (4.6.1.4) at one report. A stored position is a valid fix (a tracker's record without one
 * is stored as a stat sample only); the distance without one is the engine odometer's (a vehicle that reports none
 * is not monitored: nothing measures its movement). The gap opens at the report that shows 5 miles driven past the
 * latest fix and closes at the next fix; over 60 minutes of gaps in 24 hours logs the malfunction, a fix clears it.
 */
export const monitorPositioning = (
  state: EldMonitorState,
  changes: IndicatorChange[],
  report: { at: number; position: CommittedPosition } | { at: number; stat: CommittedStat },
) => {
  const { at } = report;
  if ("position" in report) {
    state.fixOdometer = state.odometer;
    if (state.positionGapFrom !== null) state.positionGaps.push({ from: state.positionGapFrom, to: at });
    state.positionGapFrom = null;
    setIndicator(state, changes, { at, diagnosticCode: POSITIONING, logged: false });
    return;
  }
  const odometer = report.stat.odometerMeters;
  if (odometer === null) return;
  state.odometer = odometer;
  state.fixOdometer ??= odometer;
  if (state.positionGapFrom === null && odometer - state.fixOdometer > GAP_METERS) state.positionGapFrom = at;
  if (state.positionGapFrom !== null && gapTimeInDay(state.positionGaps, state.positionGapFrom, at) > LIMIT_MS)
    setIndicator(state, changes, { at, diagnosticCode: POSITIONING, logged: true });
};
