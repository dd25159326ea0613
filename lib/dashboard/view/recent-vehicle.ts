import type { LiveVehicle } from "@/lib/dashboard/data/types";

/** Below this (m/s, about 4 km/h) a reported speed is GPS drift, not driving. */
const MOVING_SPEED = 1;

/**
 * The vehicle playback and stats open on when none is chosen: the one moving now that reported
 * last, else the one that reported a position last (null for a fleet with no positions).
 */
export const pickRecentVehicle = (vehicles: readonly LiveVehicle[]): string | null => {
  const located = vehicles.filter((vehicle) => vehicle.location);
  const latest = (candidates: LiveVehicle[]) =>
    candidates.reduce<LiveVehicle | null>(
      (best, vehicle) => (!best || Date.parse(vehicle.location!.time) > Date.parse(best.location!.time) ? vehicle : best),
      null,
    );
  return (latest(located.filter((vehicle) => vehicle.location!.speed >= MOVING_SPEED)) ?? latest(located))?.id ?? null;
};
