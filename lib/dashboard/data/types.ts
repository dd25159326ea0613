import type { SafetyEventKind } from "@/db/schema";
import type { StatType } from "@/lib/interfaces/fleet-api/records/stats-record";
import type { FaultCode, LiveLocation, LiveStats } from "@/lib/live/stream/live-types";

// The live stream's shapes are the dashboard's too.
export type { FaultCode, FleetChanges, LiveLocation, LiveStats } from "@/lib/live/stream/live-types";

/**
 * What the dashboard's own routes (app/api/dashboard/...) send the browser. Times are RFC 3339 UTC,
 * speeds m/s, distances meters, like the public interface; the browser converts for display.
 */
export type LiveVehicle = {
  id: string;
  name: string;
  vin: string;
  plateNumber: string;
  /** A trailer has its own marker (a square) on the map. */
  isTrailer: boolean;
  driverName: string | null;
  /** The vehicle's tags with their parents' ids, for the map's tag filter. */
  tags: LiveTag[];
  location: LiveLocation | null;
  stats: LiveStats | null;
};

export type LiveTag = { id: string; name: string; parentTagId: string | null };

/**
 * The whole fleet once, plus the feed cursors to poll for changes from, and the change sequence the
 * live stream starts after (absent when the data comes from an upstream fleet API: no stream there).
 */
export type FleetSnapshot = { vehicles: LiveVehicle[]; locationsCursor: string; statsCursor: string; streamSeq?: number };

export type HosClocksView = {
  currentStatus: string;
  driveRemainingMs: number;
  shiftRemainingMs: number;
  timeUntilBreakMs: number;
  cycleRemainingMs: number;
};

/** The vehicle panel: who drives it, its latest stats, active faults and the driver's HOS clocks. */
export type VehicleDetails = {
  vehicle: LiveVehicle;
  driver: { id: string; name: string } | null;
  activeFaultCodes: FaultCode[];
  hosClocks: HosClocksView | null;
  /** Its safety events of the last 24 hours, newest first (at most RECENT_SAFETY_EVENTS). */
  recentSafetyEvents: HistorySafetyEvent[];
};

/** How many of a vehicle's latest safety events the map's panel lists. */
export const RECENT_SAFETY_EVENTS = 5;

export type HistoryPoint = { time: string; latitude: number; longitude: number; speed: number; heading: number };
/** At most this many trips are listed beside a playback range (a busy truck makes ~40 a day). */
export const HISTORY_TRIPS_LIMIT = 1_000;

/** A detected trip of the playback range, to jump to (lib/processing/trips). */
export type HistoryTrip = { id: string; startTime: string; endTime: string; distanceMeters: number; from: string; to: string };
/** At most this many safety events are drawn on a playback range. */
export const HISTORY_SAFETY_EVENTS_LIMIT = 500;

/** A harsh-driving event or crash of the playback range (lib/processing/safety-events), drawn where it happened. */
export type HistorySafetyEvent = {
  id: string;
  time: string;
  kind: SafetyEventKind;
  latitude: number;
  longitude: number;
  /** m/s at the event's fix; null without one. */
  speed: number | null;
  severity: "light" | "moderate" | "severe" | null;
  source: "device" | "computed";
};
export type LocationHistory = {
  vehicle: { id: string; name: string };
  from: string;
  to: string;
  points: HistoryPoint[];
  trips: HistoryTrip[];
  safetyEvents: HistorySafetyEvent[];
};

/** The stats charts' series, each with the public interface's stat type it is read from (STAT_TYPES). */
export const STAT_SERIES_TYPES = {
  fuelPercent: "fuelPercents",
  engineRpm: "engineRpm",
  odometerMeters: "obdOdometerMeters",
  engineSeconds: "obdEngineSeconds",
  speed: "speed",
} as const satisfies Record<string, StatType>;
export type StatSeriesName = keyof typeof STAT_SERIES_TYPES;
export const STAT_SERIES = Object.keys(STAT_SERIES_TYPES) as StatSeriesName[];
export type SeriesPoint = { time: string; value: number };

export type StatsHistory = {
  vehicle: { id: string; name: string };
  from: string;
  to: string;
  series: Record<StatSeriesName, SeriesPoint[]>;
  /** Fault codes seen at some time within the range. */
  faultCodes: FaultCode[];
};

/** An entry of the vehicle pickers. */
export type VehicleOption = { id: string; name: string; vin: string; driverName: string | null };
