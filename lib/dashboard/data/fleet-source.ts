import type { TimeRange } from "@/lib/platform/time-range";
import type { FleetChanges, FleetSnapshot, LocationHistory, StatsHistory, VehicleDetails, VehicleOption } from "./types";

/**
 * Where the dashboard reads fleet data from: this app's domain functions in-process, or an upstream
 * fleet API over HTTP (same /fleet paths and shapes). Every method is scoped to one company's live data.
 */
export type FleetSource = {
  listVehicleOptions: () => Promise<VehicleOption[]>;
  getSnapshot: () => Promise<FleetSnapshot>;
  getChanges: (options: { locationsAfter: string; statsAfter: string }) => Promise<FleetChanges>;
  /**
   * The changes after `afterSeq` (the snapshot's `streamSeq`, or the last event id), pushed as
   * server-sent events as they are committed. Only this app's own database has it: with an upstream
   * fleet API the map polls getChanges. An `afterSeq` further back than the replay bound ends the
   * stream at once (the map then pages getChanges); `onClose` runs when the stream ends.
   */
  openChangeStream?: (options: { afterSeq: number; signal: AbortSignal; onClose?: () => void }) => ReadableStream<Uint8Array>;
  getVehicleDetails: (options: { vehicleId: number }) => Promise<VehicleDetails>;
  getLocationHistory: (options: { vehicleId: number; range: TimeRange }) => Promise<LocationHistory>;
  getStatsHistory: (options: { vehicleId: number; range: TimeRange }) => Promise<StatsHistory>;
};
