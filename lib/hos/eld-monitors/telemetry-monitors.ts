import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { monitorEngineSynchronization } from "./engine-synchronization";
import { trackEnginePower, type EnginePowerChange } from "./engine-power";
import { DAY_MS, type EldMonitorState, type IndicatorChange } from "./monitor-state";
import { monitorPositioning } from "./positioning";
import { monitorPower } from "./power";
import { monitorTiming } from "./timing";

/**
 * Runs the telemetry-fed monitors (power 4.6.1.1, positioning 4.6.1.4, engine synchronization 4.6.1.2, timing 4.6.1.3 against `now`,
 * the service's clock) over a vehicle's newly committed reports in time order (a stat before a position of the same
 * instant: a tracker's record has both).
 * Returns the state after them, the malfunctions and diagnostics they logged or cleared, and the engine's power-ups and
 * shut-downs (4.5.1.6), each in order.
 */
export const advanceTelemetryMonitors = (previous: EldMonitorState, vehicle: VehicleTelemetry, now: Date) => {
  const state: EldMonitorState = structuredClone(previous);
  const changes: IndicatorChange[] = [];
  const powers: EnginePowerChange[] = [];
  const reports = [
    ...vehicle.stats.map((stat) => ({ at: stat.time.getTime(), stat })),
    ...vehicle.positions.map((position) => ({ at: position.time.getTime(), position })),
  ].sort((a, b) => a.at - b.at || Number("position" in a) - Number("position" in b));
  for (const report of reports) {
    // Every report tells of the device's clock, a late one too (after a clock ahead, the right times come "late").
    monitorTiming(state, changes, { at: report.at, now: now.getTime() });
    if (state.lastAt !== null && report.at < state.lastAt) continue;
    if ("stat" in report) {
      monitorPower(state, changes, report);
      trackEnginePower(state, powers, report);
    }
    monitorPositioning(state, changes, report);
    monitorEngineSynchronization(state, changes, report);
    state.lastAt = report.at;
  }
  if (state.lastAt !== null) {
    const since = state.lastAt - DAY_MS;
    state.positionGaps = state.positionGaps.filter((gap) => gap.to > since);
    state.engineGaps = state.engineGaps.filter((gap) => gap.to > since);
    state.powerGaps = state.powerGaps.filter((gap) => gap.to > since);
  }
  return { state, changes, powers };
};
