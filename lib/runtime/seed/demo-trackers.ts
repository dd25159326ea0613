import type { TrackerProtocol } from "@/db/schema";

export type DemoTracker = { number: number; imei: string; protocol: TrackerProtocol };

/**
 * Demo Fleet live vehicles (by number) whose device id is a hardware tracker's IMEI: the simulator
 * reports them over TCP to the Teltonika and GT06 listeners, as real trackers would. Only fleets of
 * 10 or more live vehicles have them.
 */
export const DEMO_TRACKERS: readonly DemoTracker[] = [
  { number: 7, imei: "350000000000007", protocol: "teltonika" },
  { number: 8, imei: "350000000000008", protocol: "teltonika" },
  { number: 9, imei: "860000000000009", protocol: "gt06" },
  { number: 10, imei: "860000000000010", protocol: "gt06" },
];

export const demoTrackerOf = (deviceId: string | null) => DEMO_TRACKERS.find((tracker) => tracker.imei === deviceId);
