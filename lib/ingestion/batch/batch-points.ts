import { z } from "zod";
import { ENGINE_STATES } from "@/db/schema";

/** Time as ISO 8601 or epoch milliseconds. */
const instant = z
  .union([z.string(), z.number()])
  .meta({ description: "ISO 8601 time or epoch milliseconds." })
  .transform((value, ctx) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) ctx.addIssue({ code: "custom", message: "must be an ISO 8601 time or epoch milliseconds" });
    return date;
  });
const optionalNumber = z.number().nullish();

/** One point of POST /ingest/batch: a GPS fix with, optionally, the CAN/ECU stats sampled at the same time. */
export const batchPointSchema = z
  .object({
    vehicleId: z.number().int().positive().meta({ description: "A vehicle of the token's company and dataset." }),
    time: instant,
    latitude: z.number(),
    longitude: z.number(),
    speed: optionalNumber.meta({ description: "m/s." }),
    heading: optionalNumber.meta({ description: "Degrees clockwise from north." }),
    altitude: optionalNumber.meta({ description: "Meters." }),
    hdop: optionalNumber,
    satellites: optionalNumber,
    accuracy: optionalNumber,
    distance: optionalNumber.meta({ description: "Meters since the previous point; computed when missing." }),
    battery: optionalNumber.meta({ description: "Percent." }),
    stats: z
      .object({
        engineRpm: optionalNumber,
        fuelPercent: optionalNumber,
        odometerMeters: optionalNumber,
        engineSeconds: optionalNumber,
        speed: optionalNumber.meta({ description: "ECU speed, m/s." }),
        engineState: z.enum(ENGINE_STATES).nullish(),
        batteryMilliVolts: optionalNumber.meta({ description: "Vehicle supply voltage, millivolts." }),
        engineCoolantTemperatureMilliC: optionalNumber.meta({ description: "Millidegrees Celsius." }),
        ambientAirTemperatureMilliC: optionalNumber.meta({ description: "Millidegrees Celsius." }),
        engineLoadPercent: optionalNumber,
        defLevelMilliPercent: optionalNumber.meta({ description: "Diesel exhaust fluid level, thousandths of a percent." }),
        gpsOdometerMeters: optionalNumber.meta({ description: "The device's own (GPS) distance counter, meters." }),
        fuelConsumedMilliliters: optionalNumber.meta({ description: "The ECU's fuel-used counter, milliliters." }),
        auxInput1: z.boolean().nullish().meta({ description: "The device's digital input 1: on (true) or off (false)." }),
        auxInput2: z.boolean().nullish().meta({ description: "Digital input 2." }),
        auxInput3: z.boolean().nullish().meta({ description: "Digital input 3." }),
      })
      .optional()
      .meta({ description: "CAN/ECU stats sampled at the same time." }),
  })
  .meta({ id: "IngestBatchPoint" });
export type BatchPoint = z.infer<typeof batchPointSchema>;

/** Request body limits: past the bytes the body is not read (413); past the count it is refused (413). */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
export const MAX_BATCH_POINTS = 20_000;
