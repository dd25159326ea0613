import type { Dataset } from "@/db/schema";
import type { StreetPlace } from "@/lib/geo/chicago-grid";

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
};

export const DAY_MS = 86_400_000;
/** Simulated days run on Chicago standard time (UTC-6), so shifts start in the local morning. */
const LOCAL_OFFSET_MS = 6 * 3_600_000;

export const dayOfTime = (time: number) => Math.floor((time - LOCAL_OFFSET_MS) / DAY_MS);
export const dayStartOf = (day: number) => day * DAY_MS + LOCAL_OFFSET_MS;
