import type { EngineState } from "@/db/schema";

// What the live stream and live shares send the browser: RFC 3339 UTC times, m/s, meters, like the public interface.

/** `formattedLocation` (the nearest address) only in a vehicle's details: the fleet snapshot leaves thousands of them out. */
export type LiveLocation = { time: string; latitude: number; longitude: number; speed: number; heading: number; formattedLocation?: string };

export type LiveStats = {
  time: string;
  engineState: EngineState | null;
  fuelPercent: number | null;
  engineRpm: number | null;
  odometerMeters: number | null;
  engineSeconds: number | null;
};

/** Changes since the cursors: the latest location and stats of each vehicle that changed. */
export type FleetChanges = {
  locations: { id: string; location: LiveLocation }[];
  stats: { id: string; stats: LiveStats }[];
  locationsCursor: string;
  statsCursor: string;
};

export type FaultCode = {
  code: string;
  protocol: "j1939" | "obdii";
  description: string;
  firstSeenAt: string;
  lastSeenAt: string;
  clearedAt: string | null;
  occurrenceCount: number;
};
