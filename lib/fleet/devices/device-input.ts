import { z } from "zod";
import { DEVICE_MODELS } from "@/db/schema";

/** What a device reports as: an IMEI, an OsmAnd device id, a serial (no spaces; trackers send it verbatim). */
export const deviceIdentifierSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100)
  .regex(/^[\w.:-]+$/, "letters, digits and . _ : - only")
  .meta({ description: "What the device reports as: IMEI, OsmAnd device id or serial." });

export const deviceModelSchema = z
  .enum(DEVICE_MODELS)
  .meta({ description: "How the device reports: teltonika, gt06, h02, gps103, queclink, jt808, suntech, meitrack, ruptela, osmand, gateway or other." });

export const deviceNameSchema = z.string().trim().max(255);
