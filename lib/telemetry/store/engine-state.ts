import type { EngineState } from "@/db/schema";

/** A device's ignition as Samsara's engine state: on while standing still (0 km/h) is idling, as the simulator has it. */
export const engineStateOf = (ignition: boolean | undefined, speedKmh: number | undefined): EngineState | null =>
  ignition === undefined ? null : !ignition ? "Off" : speedKmh === 0 ? "Idle" : "On";
