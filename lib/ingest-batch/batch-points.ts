import { z } from "zod";
import { ENGINE_STATES } from "@/db/schema";

/** Time as ISO 8601 or epoch milliseconds. */
const instant = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) ctx.addIssue({ code: "custom", message: "must be an ISO 8601 time or epoch milliseconds" });
  return date;
});
const optionalNumber = z.number().nullish();

/** One point of POST /ingest/batch: a GPS fix with, optionally, the CAN/ECU stats sampled at the same time. */
export const batchPointSchema = z.object({
  vehicleId: z.number().int().positive(),
  time: instant,
  latitude: z.number(),
  longitude: z.number(),
  speed: optionalNumber,
  heading: optionalNumber,
  altitude: optionalNumber,
  hdop: optionalNumber,
  satellites: optionalNumber,
  accuracy: optionalNumber,
  distance: optionalNumber,
  battery: optionalNumber,
  stats: z
    .object({
      engineRpm: optionalNumber,
      fuelPercent: optionalNumber,
      odometerMeters: optionalNumber,
      engineSeconds: optionalNumber,
      speed: optionalNumber,
      engineState: z.enum(ENGINE_STATES).nullish(),
    })
    .optional(),
});
export type BatchPoint = z.infer<typeof batchPointSchema>;

/** Request body limits: past the bytes the body is not read (413); past the count it is refused (413). */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
export const MAX_BATCH_POINTS = 20_000;
