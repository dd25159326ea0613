/** How the map colours a vehicle. */
export const VEHICLE_STATUSES = ["moving", "idle", "stopped", "offline"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** Faster than this (m/s) is moving; GPS jitter on a parked vehicle stays below it. */
export const MOVING_SPEED_MPS = 1;
/** No report for longer than this and the vehicle is offline. */
export const OFFLINE_AFTER_MS = 15 * 60 * 1000;

export const STATUS_LABELS: Record<VehicleStatus, string> = { moving: "Moving", idle: "Idle", stopped: "Stopped", offline: "Offline" };
/** Each carries white text (the status pill, the selected marker): every one at least 4.5:1 against it (WCAG AA for small text). */
export const STATUS_COLORS: Record<VehicleStatus, string> = { moving: "#1b7f3b", idle: "#a66100", stopped: "#c62828", offline: "#636e7d" };

/** The state's name, except that an offline vehicle nothing was ever heard from says so. */
export const statusLabel = (status: VehicleStatus, lastReportMs: number | null | undefined) =>
  status === "offline" && lastReportMs == null ? "Never reported" : STATUS_LABELS[status];

type ClassifyOptions = {
  /** Latest GPS speed, m/s. */
  speed: number | null | undefined;
  engineState: "On" | "Off" | "Idle" | null | undefined;
  /** Times of the latest location and stats reports (ms since epoch); the newer one counts. */
  lastReportMs: number | null | undefined;
  nowMs: number;
};

/**
 * moving: speed above 1 m/s and reported recently; idle: stopped with the engine on;
 * stopped: engine off (or unknown) and not moving; offline: nothing heard for over 15 minutes.
 */
export const classifyVehicleStatus = ({ speed, engineState, lastReportMs, nowMs }: ClassifyOptions): VehicleStatus => {
  if (lastReportMs == null || nowMs - lastReportMs > OFFLINE_AFTER_MS) return "offline";
  if ((speed ?? 0) > MOVING_SPEED_MPS) return "moving";
  if (engineState === "On" || engineState === "Idle") return "idle";
  return "stopped";
};
