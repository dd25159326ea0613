import { z } from "zod";
import { ACTIVATION_STATUSES } from "@/db/schema";

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * THE driver fields a client may set (Samsara's driver create body), used by POST/PATCH /fleet/drivers
 * and the dashboard's driver form. Create requires name and username; update takes any subset.
 */
export const driverInputSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    username: z
      .string()
      .trim()
      .min(1)
      .max(189)
      .regex(/^[A-Za-z0-9._@+-]+$/, "letters, digits and . _ @ + - only"),
    phone: z.string().trim().max(255),
    licenseNumber: z.string().trim().max(64),
    licenseState: z.string().trim().max(8),
    timezone: z.string().refine(isTimeZone, "an IANA time zone such as America/Chicago"),
    eldExempt: z.boolean(),
    eldExemptReason: z.string().max(500),
    eldPcEnabled: z.boolean().meta({ description: "The carrier allows the driver personal conveyance (default false)." }),
    eldYmEnabled: z.boolean().meta({ description: "The carrier allows the driver yard moves (default false)." }),
    driverActivationStatus: z.enum(ACTIVATION_STATUSES),
    /** The vehicle's id, as the public interface shows it (a string of digits); null unassigns. */
    staticAssignedVehicleId: z
      .string()
      .regex(/^\d{1,9}$/, "a vehicle id")
      .nullable(),
    externalIds: z.record(z.string().min(1).max(64), z.string().max(255)),
    notes: z.string().max(4000),
    /**
     * Samsara's driver-app password, which its SDK requires on create. Accepted so that code written
     * against Samsara works unchanged, and never stored: this service has no driver app to sign into.
     */
    password: z.string().min(1).max(255).meta({ description: "Accepted for Samsara compatibility and discarded (no driver app here)." }),
  })
  .strict()
  .partial()
  .meta({ id: "DriverInput", description: "Driver fields. Create requires name and username; update (PATCH) sends only the fields to change." });

export type DriverInput = z.infer<typeof driverInputSchema>;

/** Create: the same fields, with name and username required. */
export const createDriverSchema = driverInputSchema
  .required({ name: true, username: true })
  .meta({ id: "CreateDriverInput", description: "Fields of a new driver; name and username are required." });

export type CreateDriverInput = z.infer<typeof createDriverSchema>;
