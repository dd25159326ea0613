import type { CommittedStat } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import type { EldMonitorState } from "./monitor-state";

/** The engine powered up (off to On or Idle) or shut down (to Off) at a report: epoch milliseconds. */
export type EnginePowerChange = { at: number; poweredUp: boolean };

/**
 * The CMV's engine power-up and shut-down (Appendix A 4.5.1.6) at one report of the engine's state (a tracker's
 * ignition or engine status, OsmAnd's `ignition`): a change from the state last reported is one. The first state a
 * vehicle ever reports is no change (it was not seen before; a deployment does not invent power-ups), and a report
 * repeating the state (trackers send it with every record) none either. Every change is kept: 4.5.1.6(a)'s
 * stationary cycles (the earliest shut-down and the latest power-up retained) are all recorded, as records are never
 * removed (docs/hos.md).
 */
export const trackEnginePower = (state: EldMonitorState, powers: EnginePowerChange[], { at, stat }: { at: number; stat: CommittedStat }) => {
  if (stat.engineState === null) return;
  const running = stat.engineState !== "Off";
  if (state.engineRunning !== null && state.engineRunning !== running) powers.push({ at, poweredUp: running });
  state.engineRunning = running;
};
