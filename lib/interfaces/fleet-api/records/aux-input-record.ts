import { z } from "zod";
import type { StatReadings } from "@/db/schema";
import { timestampSchema } from "./common";

/**
 * Samsara's `auxInput1`..`auxInput3`: a tracker's digital inputs 1 to 3, on or off (Teltonika DIN1..3,
 * OsmAnd `in1`..`in3`; docs/trackers.md). Samsara names a reading by the aux input type configured on
 * the vehicle; vehicles here keep none, so the name is the input's number (docs/decisions.md, "aux
 * inputs from the trackers' digital inputs").
 */
export const AUX_INPUT_TYPES = ["auxInput1", "auxInput2", "auxInput3"] as const satisfies readonly (keyof StatReadings)[];
export type AuxInputType = (typeof AUX_INPUT_TYPES)[number];

export const isAuxInputType = (type: string): type is AuxInputType => (AUX_INPUT_TYPES as readonly string[]).includes(type);

/** The name a reading of the input carries: "Input 1" for auxInput1. */
export const auxInputName = (type: AuxInputType) => `Input ${type.slice("auxInput".length)}`;

export const auxInputReadingSchema = z
  .object({
    time: timestampSchema,
    name: z.string().meta({ description: 'The input\'s name: "Input 1" to "Input 3" (vehicles keep no aux input type).' }),
    value: z.boolean().meta({ description: "Whether the input was on (history: on at any time in the bucket)." }),
  })
  .meta({ id: "AuxInputReading", description: "One reading of a tracker's digital input (Samsara's auxInput1..3)." });
export type AuxInputReading = z.infer<typeof auxInputReadingSchema>;

/** The reading of `type` at `time` (an RFC 3339 string), or undefined when there is none. */
export const auxInputReading = (type: AuxInputType, time: string | null, readings: Pick<StatReadings, AuxInputType>): AuxInputReading | undefined => {
  const value = readings[type];
  return time === null || value === null ? undefined : { time, name: auxInputName(type), value };
};
