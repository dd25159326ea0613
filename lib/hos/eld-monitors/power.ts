import type { CommittedStat } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { ENGINE_REPORT_ALLOWANCE_MS } from "./engine-synchronization";
import { gapTimeInDay, setIndicator, type EldMonitorState, type IndicatorChange } from "./monitor-state";

/** Table 4: the power compliance malfunction and the power data diagnostic. */
export const POWER_MALFUNCTION = "P";
export const POWER_DIAGNOSTIC = "1";
/** 4.6.1.1(b): 30 minutes or more of driving understated in 24 hours is the malfunction. */
const LIMIT_MS = 30 * 60_000;
/** Half a mile: the vehicle moved while the device was silent (an odometer's rounding is far less). */
const MOVED_METERS = 804.672;

/**
 * Power compliance (4.6.1.1) at a report with the engine's odometer, before the other monitors move the state: a
 * device that keeps what it records while offline and sends it later leaves no hole in the stored reports, so a hole
 * longer than the longest report interval over which the odometer advanced half a mile or more is driving the device
 * did not record, unpowered. It is the power data diagnostic, logged at the last report before it and cleared at this
 * one; 30 minutes or more of them in the 24 hours up to a report logs the malfunction, less clears it.
 */
export const monitorPower = (state: EldMonitorState, changes: IndicatorChange[], { at, stat }: { at: number; stat: CommittedStat }) => {
  const odometer = stat.odometerMeters;
  if (odometer === null) return;
  if (state.lastAt !== null && state.odometer !== null && at - state.lastAt > ENGINE_REPORT_ALLOWANCE_MS && odometer - state.odometer >= MOVED_METERS) {
    state.powerGaps.push({ from: state.lastAt, to: at });
    setIndicator(state, changes, { at: state.lastAt, diagnosticCode: POWER_DIAGNOSTIC, logged: true });
    setIndicator(state, changes, { at, diagnosticCode: POWER_DIAGNOSTIC, logged: false });
  }
  setIndicator(state, changes, { at, diagnosticCode: POWER_MALFUNCTION, logged: gapTimeInDay(state.powerGaps, null, at) >= LIMIT_MS });
};
