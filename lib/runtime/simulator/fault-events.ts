import { createRandom, STREAMS } from "./random";
import { dayStartOf, type SimVehicle } from "./sim-vehicle";

const J1939_FAULTS = [
  { spnId: 110, fmiId: 0, description: "Engine Coolant Temperature - data valid but above normal operating range", milStatus: true },
  { spnId: 100, fmiId: 1, description: "Engine Oil Pressure - data valid but below normal operating range", milStatus: true },
  { spnId: 168, fmiId: 4, description: "Battery Potential / Power Input 1 - voltage below normal", milStatus: false },
  { spnId: 91, fmiId: 2, description: "Accelerator Pedal Position 1 - data erratic, intermittent or incorrect", milStatus: false },
  { spnId: 3226, fmiId: 2, description: "Aftertreatment 1 Outlet NOx - data erratic", milStatus: true },
  { spnId: 1761, fmiId: 17, description: "Aftertreatment 1 DEF Tank Level - below normal, least severe", milStatus: false },
  { spnId: 629, fmiId: 12, description: "Controller #1 - bad intelligent device or component", milStatus: false },
] as const;

const OBDII_FAULTS = [
  { dtcShortCode: "P0300", description: "Random/Multiple Cylinder Misfire Detected", milStatus: true },
  { dtcShortCode: "P0420", description: "Catalyst System Efficiency Below Threshold (Bank 1)", milStatus: true },
  { dtcShortCode: "P0171", description: "System Too Lean (Bank 1)", milStatus: true },
  { dtcShortCode: "P0128", description: "Coolant Thermostat (Coolant Temperature Below Thermostat Regulating Temperature)", milStatus: false },
  { dtcShortCode: "P0442", description: "Evaporative Emission System Leak Detected (Small Leak)", milStatus: false },
] as const;

export type FaultEvent = {
  protocol: "j1939" | "obdii";
  spnId: number | null;
  fmiId: number | null;
  sourceAddress: number | null;
  dtcShortCode: string | null;
  description: string;
  milStatus: boolean;
  occurrenceCount: number;
  firstSeenAt: number;
  clearedAt: number;
};

/** Faults lasting at most this long, so clears are found by looking this far back. */
export const MAX_FAULT_DAYS = 2;

/** The fault code (if any) a vehicle raises on `day`: about one vehicle-day in eight, cleared 1–36 h later. */
export const faultOfDay = (vehicle: SimVehicle, day: number): FaultEvent | null => {
  const random = createRandom(vehicle.seed, vehicle.vehicleId, day, STREAMS.fault);
  if (!random.chance(0.12)) return null;
  const firstSeenAt = dayStartOf(day, vehicle.dayOffsetMs) + Math.round(random.between(6, 16) * 3600) * 1000;
  const clearedAt = firstSeenAt + Math.round(random.between(1, 36) * 3600) * 1000;
  const occurrenceCount = 1 + Math.floor(random.between(0, 6));
  if (vehicle.faultProtocol === "obdii") {
    const fault = random.pick(OBDII_FAULTS);
    return { protocol: "obdii", spnId: null, fmiId: null, sourceAddress: null, ...fault, occurrenceCount, firstSeenAt, clearedAt };
  }
  const fault = random.pick(J1939_FAULTS);
  return { protocol: "j1939", dtcShortCode: null, sourceAddress: 0, ...fault, occurrenceCount, firstSeenAt, clearedAt };
};
