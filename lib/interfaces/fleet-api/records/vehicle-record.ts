import { z } from "zod";
import type { VehicleRow } from "@/lib/fleet/vehicles/list-vehicles";
import { externalIdsSchema, idSchema, presentTagTiny, ref, refSchema, rfc3339, tagTinySchema, timestampSchema } from "./common";

export const vehicleSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    vin: z.string(),
    licensePlate: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.string().meta({ description: "Model year, as Samsara sends it (a string); empty when unknown." }),
    notes: z.string(),
    externalIds: externalIdsSchema,
    vehicleType: z.string(),
    vehicleSubType: z.string().optional(),
    trailers: z.string().optional().meta({ description: "Free text (e.g. the trailer numbers); absent when empty." }),
    powerUnitNumber: z.string().optional().meta({ description: "The truck or tractor number on ELD records (at most 10 characters); absent when not set." }),
    tags: z.array(tagTinySchema).meta({ description: "The vehicle's tags (Samsara's tiny tag)." }),
    archivedAtTime: timestampSchema
      .optional()
      .meta({ description: "When the vehicle was archived; absent for live vehicles. Archived vehicles are left out of lists but readable by id." }),
    staticAssignedDriver: refSchema.optional(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
  })
  .meta({ id: "Vehicle" });

export type VehicleRecord = z.infer<typeof vehicleSchema>;

export const presentVehicle = (row: VehicleRow): VehicleRecord => ({
  id: String(row.id),
  name: row.name,
  vin: row.vin,
  licensePlate: row.plateNumber,
  make: row.make,
  model: row.model,
  year: row.year === null ? "" : String(row.year),
  notes: row.notes,
  externalIds: row.externalIds,
  vehicleType: row.typeName,
  ...(row.subType ? { vehicleSubType: row.subType } : {}),
  ...(row.trailers ? { trailers: row.trailers } : {}),
  ...(row.powerUnitNumber ? { powerUnitNumber: row.powerUnitNumber } : {}),
  tags: row.tags.map(presentTagTiny),
  ...(row.archivedAt ? { archivedAtTime: rfc3339(row.archivedAt) } : {}),
  ...(row.staticAssignedDriver ? { staticAssignedDriver: ref(row.staticAssignedDriver) } : {}),
  createdAtTime: rfc3339(row.createdAt),
  updatedAtTime: rfc3339(row.updatedAt),
});
