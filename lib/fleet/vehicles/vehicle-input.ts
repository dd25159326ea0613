import { z } from "zod";
import { normalizeVin, vinProblem } from "./vin";
import { VEHICLE_TYPE_NAMES } from "./vehicle-types";

const THIS_YEAR = new Date().getUTCFullYear();

/** A VIN: spaces dropped, upper-cased, then the North American rule (lib/fleet/vehicles/vin.ts). */
export const vinSchema = z
  .string()
  .transform(normalizeVin)
  .check((context) => {
    const problem = vinProblem(context.value);
    if (problem) context.issues.push({ code: "custom", message: problem, input: context.value });
  })
  .meta({ description: "17 characters, North American check digit (9th character) checked." });

/** A model year: a number or a string of digits (Samsara sends it as a string); null clears it. */
const yearSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, "a four-digit year")
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int()
      .min(1900)
      .max(THIS_YEAR + 2),
  )
  .nullable();

/** Tag ids as the public interface shows them (strings of digits). */
export const tagIdsSchema = z.array(z.string().regex(/^\d{1,9}$/, "a tag id")).max(100);

/**
 * THE vehicle fields a client may set: Samsara's vehicle update body (`name`, `vin`, `licensePlate`,
 * `notes`, `externalIds`, `tagIds`, `vehicleType`) and this service's `make`, `model`, `year`,
 * `vehicleSubType`, `trailers`, `powerUnitNumber`. Strict: a field we do not keep is a 400 naming it, not a silent no-op.
 * Used by PATCH /fleet/vehicles/{id}, the dashboard's form and each CSV row.
 */
export const vehicleInputSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    vin: vinSchema,
    licensePlate: z.string().trim().max(32),
    make: z.string().trim().max(64),
    model: z.string().trim().max(64),
    year: yearSchema,
    vehicleType: z.enum(VEHICLE_TYPE_NAMES),
    vehicleSubType: z.string().trim().max(64).nullable(),
    trailers: z.string().trim().max(255),
    powerUnitNumber: z
      .string()
      .trim()
      .max(10)
      .regex(/^[A-Za-z0-9 -]*$/, "letters, digits, spaces and - only")
      .meta({ description: "The truck or tractor number on ELD records (49 CFR 395 Appendix A 7.4), at most 10 characters; empty: derived from the name." }),
    notes: z.string().max(4000),
    externalIds: z.record(z.string().min(1).max(64), z.string().max(255)),
    tagIds: tagIdsSchema,
  })
  .strict()
  .partial()
  .meta({ id: "VehicleInput", description: "Vehicle fields. Create requires name and vin; update (PATCH) sends only the fields to change." });

export type VehicleInput = z.output<typeof vehicleInputSchema>;

export const createVehicleSchema = vehicleInputSchema.required({ name: true, vin: true }).meta({ id: "CreateVehicleInput" });

export type CreateVehicleInput = z.output<typeof createVehicleSchema>;
