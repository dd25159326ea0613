import type { TimeRange } from "@/lib/time-range";
import type { FleetChanges, FleetSnapshot, LocationHistory, StatsHistory, VehicleDetails, VehicleOption } from "./types";

/**
 * Where the dashboard reads fleet data from: this app's domain functions in-process, or an upstream
 * fleet API over HTTP (same /fleet paths and shapes). Every method is scoped to one company's live data.
 */
export type FleetSource = {
  listVehicleOptions: () => Promise<VehicleOption[]>;
  getSnapshot: () => Promise<FleetSnapshot>;
  getChanges: (options: { locationsAfter: string; statsAfter: string }) => Promise<FleetChanges>;
  getVehicleDetails: (options: { vehicleId: number }) => Promise<VehicleDetails>;
  getLocationHistory: (options: { vehicleId: number; range: TimeRange }) => Promise<LocationHistory>;
  getStatsHistory: (options: { vehicleId: number; range: TimeRange }) => Promise<StatsHistory>;
};
