import { z } from "zod";
import { ACTIVATION_STATUSES } from "@/db/schema";
import type { DriverRow } from "@/lib/fleet/drivers";
import { externalIdsSchema, idSchema, presentTagTiny, ref, refSchema, rfc3339, tagTinySchema, timestampSchema } from "./common";

export const driverSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    username: z.string(),
    phone: z.string(),
    licenseNumber: z.string(),
    licenseState: z.string(),
    timezone: z.string(),
    eldExempt: z.boolean(),
    eldExemptReason: z.string(),
    eldPcEnabled: z.boolean(),
    eldYmEnabled: z.boolean(),
    driverActivationStatus: z.enum(ACTIVATION_STATUSES),
    staticAssignedVehicle: refSchema.optional(),
    tags: z.array(tagTinySchema),
    externalIds: externalIdsSchema,
    notes: z.string(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
  })
  .meta({ id: "Driver" });

export type DriverRecord = z.infer<typeof driverSchema>;

export const presentDriver = (row: DriverRow): DriverRecord => ({
  id: String(row.id),
  name: row.name,
  username: row.username,
  phone: row.phone,
  licenseNumber: row.licenseNumber,
  licenseState: row.licenseState,
  timezone: row.timezone,
  eldExempt: row.eldExempt,
  eldExemptReason: row.eldExemptReason,
  eldPcEnabled: row.eldPcEnabled,
  eldYmEnabled: row.eldYmEnabled,
  driverActivationStatus: row.activationStatus,
  ...(row.staticAssignedVehicle ? { staticAssignedVehicle: ref(row.staticAssignedVehicle) } : {}),
  tags: row.tags.map(presentTagTiny),
  externalIds: row.externalIds,
  notes: row.notes,
  createdAtTime: rfc3339(row.createdAt),
  updatedAtTime: rfc3339(row.updatedAt),
});

/** `{ data: driver }`, Samsara's single-record envelope. */
export const driverResponseSchema = z.object({ data: driverSchema }).meta({ id: "DriverResponse" });
