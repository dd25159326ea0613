import type { FaultCodeRow } from "@/lib/vehicle-state/list-active-fault-codes";
import type { VehicleStateRow } from "@/lib/vehicle-state/list-vehicle-states";
import type { FaultCode, LiveLocation, LiveStats } from "./types";

export const faultCodeLabel = (code: { protocol: string; spnId: number | null; fmiId: number | null; dtcShortCode: string | null }) =>
  code.protocol === "j1939" ? `SPN ${code.spnId ?? 0} FMI ${code.fmiId ?? 0}` : (code.dtcShortCode ?? "DTC");

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
