import type { Dataset } from "@/db/schema";
import type { StreetPlace } from "@/lib/platform/geo/chicago-grid";
import type { DemoTracker } from "@/lib/runtime/seed/demo-trackers";

/** What the simulator knows about one vehicle it drives. */
export type SimVehicle = {
  vehicleId: number;
  driverId: number | null;
  companyId: number;
  dataset: Dataset;
  /** Vans report OBD-II codes, heavier trucks J1939. */
  faultProtocol: "j1939" | "obdii";
  depot: StreetPlace;
  /** Some drivers rest in the sleeper berth after their shift. */
  sleeper: boolean;
  /** Whether this vehicle's customer stops are waste jobs (Waste module companies, refuse trucks). */
  wasteJobs: boolean;
  /** The simulator seed: same seed, same fleet history. */
  seed: number;
  /**
   * How long after local midnight the vehicle's planning day starts. Day crews start at 0; evening
   * and night crews later, so part of the fleet is on the road at any hour (as in 24/7 fleets).
   */
  dayOffsetMs: number;
  /** Set for the demo's hardware trackers: live reports go over TCP in the tracker's protocol. */
  tracker?: DemoTracker;
};

export const DAY_MS = 86_400_000;
/** Simulated days run on Chicago standard time (UTC-6), so shifts start in the local morning. */
const LOCAL_OFFSET_MS = 6 * 3_600_000;

/** Planning days of a crew whose day starts `offsetMs` after local midnight (0: the company's calendar day). */
export const dayOfTime = (time: number, offsetMs = 0) => Math.floor((time - LOCAL_OFFSET_MS - offsetMs) / DAY_MS);
export const dayStartOf = (day: number, offsetMs = 0) => day * DAY_MS + LOCAL_OFFSET_MS + offsetMs;

/** Day, evening and night crews. */
export const CREW_DAY_OFFSETS_MS = [0, 9 * 3_600_000, 18 * 3_600_000] as const;
