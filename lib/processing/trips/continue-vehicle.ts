import type { VehicleTelemetry } from "@/lib/telemetry/fleet-events/read-committed-telemetry";
import { detectActivity, EMPTY_ACTIVITY_STATE, type ActivitySettings, type StoredDetectorState } from "./activity-detector";
import { EMPTY_CARRY, toMotionSamples } from "./motion-samples";

/** Detection over a vehicle's rows that all come after its state (no late point): the new state and what the rows closed. */
export const continueVehicle = ({
  telemetry,
  state,
  settings,
}: {
  telemetry: Pick<VehicleTelemetry, "positions" | "stats">;
  state: StoredDetectorState | null;
  settings: ActivitySettings;
}) => {
  const start = state ?? { activity: EMPTY_ACTIVITY_STATE, carry: EMPTY_CARRY };
  const { samples, carry } = toMotionSamples({ positions: telemetry.positions, stats: telemetry.stats, carry: start.carry });
  const { state: activity, found } = detectActivity({ state: start.activity, samples, settings });
  return { state: { activity, carry } satisfies StoredDetectorState, found };
};

/** The newest time among a vehicle's rows (each list in time order). */
export const lastRowTime = ({ positions, stats }: Pick<VehicleTelemetry, "positions" | "stats">) =>
  Math.max(positions.at(-1)?.time.getTime() ?? -Infinity, stats.at(-1)?.time.getTime() ?? -Infinity);
