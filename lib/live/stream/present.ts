import { faultCodeLabel, type FaultCodeRow } from "@/lib/telemetry/vehicle-state/list-active-fault-codes";
import type { VehicleStateRow } from "@/lib/telemetry/vehicle-state/list-vehicle-states";
import type { PositionChange, StatChange } from "@/lib/telemetry/vehicle-state/read-changes";
import type { FaultCode, FleetChanges, LiveLocation, LiveStats } from "./live-types";

export const presentFaultCode = (row: FaultCodeRow): FaultCode => ({
  code: faultCodeLabel(row),
  protocol: row.protocol,
  description: row.description,
  firstSeenAt: row.firstSeenAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  clearedAt: row.clearedAt?.toISOString() ?? null,
  occurrenceCount: row.occurrenceCount,
});

export const presentLiveLocation = (state: VehicleStateRow): LiveLocation | null =>
  state.locationTime && state.latitude !== null && state.longitude !== null
    ? { time: state.locationTime.toISOString(), latitude: state.latitude, longitude: state.longitude, speed: state.speed ?? 0, heading: state.heading ?? 0 }
    : null;

export const presentLiveStats = (state: VehicleStateRow): LiveStats | null =>
  state.statsTime
    ? {
        time: state.statsTime.toISOString(),
        engineState: state.engineState,
        fuelPercent: state.fuelPercent,
        engineRpm: state.engineRpm,
        odometerMeters: state.odometerMeters,
        engineSeconds: state.engineSeconds,
      }
    : null;

/** Latest change per vehicle, in seq order of arrival. */
const latestPerVehicle = <C extends { vehicleId: number }>(changes: readonly C[]) => [...new Map(changes.map((change) => [change.vehicleId, change])).values()];

/** Each changed vehicle's latest location and stats, as the polling feed and the live stream send them. */
export const presentFleetChanges = ({
  positions,
  stats,
}: {
  positions: readonly PositionChange[];
  stats: readonly StatChange[];
}): Pick<FleetChanges, "locations" | "stats"> => ({
  locations: latestPerVehicle(positions).map((change) => ({
    id: String(change.vehicleId),
    location: { time: change.time.toISOString(), latitude: change.latitude, longitude: change.longitude, speed: change.speed, heading: change.heading },
  })),
  stats: latestPerVehicle(stats).map((change) => ({
    id: String(change.vehicleId),
    stats: {
      time: change.time.toISOString(),
      engineState: change.engineState,
      fuelPercent: change.fuelPercent,
      engineRpm: change.engineRpm,
      odometerMeters: change.odometerMeters,
      engineSeconds: change.engineSeconds,
    },
  })),
});
