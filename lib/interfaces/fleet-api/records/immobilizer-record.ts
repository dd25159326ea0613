import { z } from "zod";
import type { ImmobilizerState } from "@/lib/fleet/device-commands";
import { idSchema, rfc3339 } from "./common";

export const immobilizerStateSchema = z
  .object({
    happenedAtTime: z.string(),
    isConnectedToVehicle: z.boolean(),
    relayStates: z.array(z.object({ id: z.enum(["relay1", "relay2"]), isOpen: z.boolean() })),
    vehicleId: idSchema,
  })
  .meta({
    id: "EngineImmobilizerState",
    description:
      "Samsara's engine immobilizer state: relay1 is the tracker's immobilizer output, open (engine stopped) once the device confirmed an engine stop.",
  });

export const presentImmobilizerState = (state: ImmobilizerState): z.output<typeof immobilizerStateSchema> => ({
  happenedAtTime: rfc3339(state.at),
  isConnectedToVehicle: true,
  relayStates: [{ id: "relay1", isOpen: state.immobilized }],
  vehicleId: String(state.vehicleId),
});
