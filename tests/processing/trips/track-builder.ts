import type { PositionReport, StatSample } from "@/lib/telemetry/store/telemetry-batch";

const METERS_PER_DEGREE_LAT = 111_195;
const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/**
 * A synthetic track for one vehicle: a position every 10 s driving north at `speed` m/s or standing,
 * an odometer that follows the driven distance, and an engine state sample whenever it changes.
 */
export const buildTrack = ({ tenant, vehicleId, start }: { tenant: { companyId: number; dataset: "live" | "test" }; vehicleId: number; start: number }) => {
  const positions: PositionReport[] = [];
  const stats: StatSample[] = [];
  let time = start;
  let latitude = 41.88;
  let odometer = 100_000;
  let fuel = 80;
  let engine: "On" | "Off" | null = null;
  const setEngine = (state: "On" | "Off") => {
    if (engine === state) return;
    engine = state;
    stats.push({ ...tenant, vehicleId, time: new Date(time), engineState: state, odometerMeters: odometer, fuelPercent: fuel });
  };
  const position = (speed: number, jitter = 0) =>
    positions.push({ ...tenant, vehicleId, time: new Date(time), latitude: latitude + jitter, longitude: -87.63 + jitter, speed });
  const api = {
    drive: (ms: number, speed = 15) => {
      setEngine("On");
      for (const end = time + ms; time < end; time += 10 * SECOND) {
        position(speed);
        latitude += (speed * 10) / METERS_PER_DEGREE_LAT;
        odometer += speed * 10;
        fuel -= 0.01;
      }
      stats.push({ ...tenant, vehicleId, time: new Date(time - 10 * SECOND), odometerMeters: Math.round(odometer), fuelPercent: fuel });
      return api;
    },
    /** Standing with the engine on (traffic, idling) or off (parked); `jitter` wobbles the fix and its speed. */
    stand: (ms: number, { engineOn = true, jitter = false } = {}) => {
      setEngine(engineOn ? "On" : "Off");
      let k = 0;
      for (const end = time + ms; time < end; time += 10 * SECOND, k++) position(jitter ? [0, 3.5, 0.4, 6][k % 4] : 0, jitter ? ((k % 5) - 2) * 0.00003 : 0);
      return api;
    },
    silence: (ms: number) => {
      time += ms;
      return api;
    },
    get time() {
      return time;
    },
    positions,
    stats,
  };
  return api;
};
