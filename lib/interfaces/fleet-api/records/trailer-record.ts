import { z } from "zod";
import type { VehicleRow } from "@/lib/fleet/vehicles/list-vehicles";
import { serialOf } from "@/lib/fleet/trailers/trailer-input";
import type { TrailerAssignmentRow } from "@/lib/fleet/trailers/driver-trailer-assignments";
import { externalIdsSchema, idSchema, presentTagTiny, rfc3339, tagTinySchema, timestampSchema } from "./common";

/** Samsara's trailer (TrailerResponseObjectResponseBody; the one-trailer answers add `attributes`, none kept here). */
export const trailerSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    licensePlate: z.string(),
    notes: z.string(),
    externalIds: externalIdsSchema,
    enabledForMobile: z.boolean(),
    trailerSerialNumber: z.string().optional().meta({ description: "Absent when none was given." }),
    tags: z.array(tagTinySchema),
  })
  .meta({ id: "Trailer" });

export type TrailerRecord = z.infer<typeof trailerSchema>;

export const presentTrailer = (row: VehicleRow): TrailerRecord => {
  const serial = serialOf(row.vin);
  return {
    id: String(row.id),
    name: row.name,
    licensePlate: row.plateNumber,
    notes: row.notes,
    externalIds: row.externalIds,
    enabledForMobile: row.enabledForMobile,
    ...(serial ? { trailerSerialNumber: serial } : {}),
    tags: row.tags.map(presentTagTiny),
  };
};

export const trailerResponseSchema = z.object({ data: trailerSchema }).meta({ id: "TrailerResponse" });

/** GET /driver-trailer-assignments' record (Samsara's GetDriverTrailerAssignmentsResponseBody). */
export const driverTrailerAssignmentSchema = z
  .object({
    id: idSchema,
    driver: z.object({ driverId: idSchema, externalIds: externalIdsSchema.optional() }),
    trailer: z.object({ trailerId: idSchema }),
    startTime: timestampSchema,
    endTime: timestampSchema.optional(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
  })
  .meta({ id: "DriverTrailerAssignment" });

export const presentDriverTrailerAssignment = (row: TrailerAssignmentRow, externalIds?: Record<string, string>) => ({
  id: String(row.id),
  driver: { driverId: String(row.driverId), ...(externalIds ? { externalIds } : {}) },
  trailer: { trailerId: String(row.trailerId) },
  startTime: rfc3339(row.startTime),
  ...(row.endTime ? { endTime: rfc3339(row.endTime) } : {}),
  createdAtTime: rfc3339(row.createdAt),
  updatedAtTime: rfc3339(row.updatedAt),
});

/** POST and PATCH /driver-trailer-assignments' record (flat ids; PATCH always has the end). */
export const driverTrailerAssignmentWriteSchema = z
  .object({
    id: idSchema,
    driverId: idSchema,
    trailerId: idSchema,
    startTime: timestampSchema,
    endTime: timestampSchema.optional(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
  })
  .meta({ id: "DriverTrailerAssignmentWrite" });

export const presentDriverTrailerAssignmentWrite = (row: TrailerAssignmentRow) => ({
  id: String(row.id),
  driverId: String(row.driverId),
  trailerId: String(row.trailerId),
  startTime: rfc3339(row.startTime),
  ...(row.endTime ? { endTime: rfc3339(row.endTime) } : {}),
  createdAtTime: rfc3339(row.createdAt),
  updatedAtTime: rfc3339(row.updatedAt),
});
