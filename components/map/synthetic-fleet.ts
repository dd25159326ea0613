import type { FleetChanges, FleetSnapshot, LiveVehicle } from "@/lib/dashboard/data/types";

/**
 * A made-up fleet generated in the browser (`/map?synthetic=10000`), so the map's rendering can be
 * measured at 10,000 vehicles without a database that large (bench/map-render.ts). Deterministic.
 */
const random = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) % 4294967296;
  return seed / 4294967296;
};

export const makeSyntheticSnapshot = (count: number, now = Date.now()): FleetSnapshot => {
  const next = random(42);
  const vehicles: LiveVehicle[] = Array.from({ length: count }, (_, i) => {
    const moving = next() < 0.6;
    const engineState = moving ? "On" : next() < 0.5 ? "Idle" : "Off";
    const time = new Date(now - (next() < 0.05 ? 3_600_000 : next() * 20_000)).toISOString();
    return {
      id: String(100_000 + i),
      name: `SIM-${String(i + 1).padStart(5, "0")}`,
      vin: `SYN${String(i).padStart(14, "0")}`,
      plateNumber: `S${i}`,
      isTrailer: false,
      driverName: `Driver ${i + 1}`,
      tags: [],
      location: {
        time,
        latitude: 41.6 + next() * 0.6,
        longitude: -88.1 + next() * 0.75,
        speed: moving ? 5 + next() * 20 : 0,
        heading: Math.floor(next() * 360),
      },
      stats: {
        time,
        engineState,
        fuelPercent: Math.round(next() * 100),
        engineRpm: moving ? 1400 : 0,
        odometerMeters: 1e8 * next(),
        engineSeconds: 3.6e7 * next(),
      },
    };
  });
  return { vehicles, locationsCursor: "synthetic", statsCursor: "synthetic" };
};

/**
 * One second of the synthetic fleet at 1 Hz: every vehicle reports, the moving ones a little further
 * along their heading (the load the map must hold: 10,000 vehicles each updating every second).
 */
export const makeSyntheticChanges = (vehicles: Iterable<LiveVehicle>): FleetChanges => {
  const time = new Date().toISOString();
  const locations: FleetChanges["locations"] = [];
  for (const vehicle of vehicles) {
    const location = vehicle.location;
    if (!location) continue;
    const radians = (location.heading * Math.PI) / 180;
    const step = location.speed < 1 ? 0 : 1;
    locations.push({
      id: vehicle.id,
      location: {
        ...location,
        time,
        latitude: location.latitude + step * Math.cos(radians) * 0.0001,
        longitude: location.longitude + step * Math.sin(radians) * 0.00014,
      },
    });
  }
  return { locations, stats: [], locationsCursor: "synthetic", statsCursor: "synthetic" };
};
