import { z } from "zod";
import { tagIdsSchema } from "@/lib/fleet/vehicles/vehicle-input";

/**
 * The trailer fields a client may set: Samsara's trailer create and update bodies (`name`,
 * `licensePlate`, `notes`, `externalIds`, `tagIds`, `trailerSerialNumber`, `enabledForMobile`). Strict: a
 * field we do not keep is a 400 naming it (`odometerMeters`: the odometer is the device's, not set by hand).
 */
export const trailerInputSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    licensePlate: z.string().trim().max(32),
    notes: z.string().max(4000),
    externalIds: z.record(z.string().min(1).max(64), z.string().max(255)),
    tagIds: tagIdsSchema,
    trailerSerialNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9 -]+$/, "letters, digits, spaces and - only"),
    enabledForMobile: z.boolean(),
  })
  .strict()
  .partial()
  .meta({ id: "TrailerInput", description: "Trailer fields; update (PATCH) sends only the fields to change." });

export type TrailerInput = z.output<typeof trailerInputSchema>;

export const createTrailerSchema = trailerInputSchema.required({ name: true }).meta({ id: "CreateTrailerInput" });

export type CreateTrailerInput = z.output<typeof createTrailerSchema>;

/**
 * A trailer's serial number is kept in the asset's `vin` column (unique per dataset, as a VIN is);
 * a trailer created without one gets this prefix and a random tail, which no VIN or serial has.
 */
export const NO_SERIAL_PREFIX = "~";

export const serialOf = (vin: string) => (vin.startsWith(NO_SERIAL_PREFIX) ? undefined : vin);
