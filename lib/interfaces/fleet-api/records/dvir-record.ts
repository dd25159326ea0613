import { z } from "zod";
import { DEFECT_RESOLUTIONS, DEFECT_SECTIONS } from "@/db/schema";
import type { DefectRow, DefectTypeRow, DvirRow } from "@/lib/fleet/inspections";
import { getPublicOrigin } from "@/lib/platform/config";
import { idSchema, rfc3339, timestampSchema } from "./common";

const vehicleRefSchema = z.object({ id: idSchema, name: z.string() });

export const defectTypeSchema = z
  .object({
    id: idSchema,
    label: z.string(),
    sectionType: z.enum(DEFECT_SECTIONS),
    createdAtTime: timestampSchema,
  })
  .meta({ id: "DefectType", description: "One entry of the company's inspection checklist (Samsara's defect type)." });

export const presentDefectType = (row: DefectTypeRow): z.output<typeof defectTypeSchema> => ({
  id: String(row.id),
  label: row.label,
  sectionType: row.sectionType,
  createdAtTime: rfc3339(row.createdAt),
});

export const defectSchema = z
  .object({
    id: idSchema,
    dvirId: idSchema,
    defectTypeId: idSchema,
    defectType: z.string().meta({ description: "The defect type's label when the defect was reported." }),
    comment: z.string(),
    isResolved: z.boolean(),
    resolution: z.enum(DEFECT_RESOLUTIONS).optional().meta({ description: "How it was resolved: repaired, or no repair needed (49 CFR 396.11(a)(3))." }),
    resolvedAtTime: timestampSchema.optional(),
    resolvedBy: z.object({ id: z.string(), name: z.string(), type: z.enum(["driver", "mechanic"]) }).optional(),
    mechanicNotes: z.string().optional(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
    vehicle: vehicleRefSchema,
    defectPhotos: z
      .array(z.object({ createdAtTime: timestampSchema, url: z.string() }))
      .meta({ description: "The driver's photos of the defect (at most 5). Each url opens for the company's signed-in dashboard users only." }),
  })
  .meta({ id: "DvirDefect", description: "A defect a DVIR reported, with its resolution (Samsara's defect, as the stream and PATCH answer it)." });

export const presentDefect = (row: DefectRow): z.output<typeof defectSchema> => ({
  id: String(row.id),
  dvirId: String(row.dvirId),
  defectTypeId: String(row.defectTypeId),
  defectType: row.defectTypeLabel,
  comment: row.comment,
  isResolved: row.isResolved,
  ...(row.resolution ? { resolution: row.resolution } : {}),
  ...(row.resolvedAt ? { resolvedAtTime: rfc3339(row.resolvedAt) } : {}),
  ...(row.isResolved && row.resolvedByType ? { resolvedBy: { id: row.resolvedById ?? "", name: row.resolvedByName ?? "", type: row.resolvedByType } } : {}),
  ...(row.mechanicNotes === null ? {} : { mechanicNotes: row.mechanicNotes }),
  createdAtTime: rfc3339(row.createdAt),
  updatedAtTime: rfc3339(row.updatedAt),
  vehicle: { id: String(row.vehicleId), name: row.vehicleName },
  defectPhotos: row.photos.map((photo) => ({ createdAtTime: rfc3339(photo.createdAt), url: `${getPublicOrigin()}/inspections/photos/${photo.id}` })),
});

const signatureSchema = z.object({
  signatoryUser: z.object({ id: idSchema, name: z.string().meta({ description: "The name the signer typed as their signature." }) }),
  signedAtTime: timestampSchema,
  type: z.enum(["driver", "mechanic"]),
});

const reviewSignature = (review: NonNullable<DvirRow["review"]>) => ({
  signatoryUser: { id: String(review.driverId), name: review.signatureName },
  signedAtTime: rfc3339(review.signedAt),
  type: "driver" as const,
});

export const dvirSchema = z
  .object({
    id: idSchema,
    type: z.enum(["preTrip", "postTrip", "mechanic", "unspecified"]),
    safetyStatus: z.enum(["safe", "unsafe", "resolved"]).meta({ description: "What the signer declared; `resolved` once its defects are all resolved." }),
    authorSignature: signatureSchema,
    secondSignature: signatureSchema.optional().meta({ description: "The next driver's review of the report's defects (49 CFR 396.13(b))." }),
    dvirSubmissionBeginTime: timestampSchema,
    dvirSubmissionTime: timestampSchema,
    updatedAtTime: timestampSchema,
    vehicle: vehicleRefSchema,
    trailerName: z.string().optional(),
    odometerMeters: z.number().optional(),
    formattedAddress: z.string().optional(),
    licensePlate: z.string().optional(),
    mechanicNotes: z.string().optional(),
    defectIds: z.array(idSchema),
    defects: z.array(defectSchema).meta({ description: "The report's defects (beyond Samsara's shape, which lists only their ids)." }),
  })
  .meta({ id: "Dvir", description: "A driver vehicle inspection report (49 CFR 396.11) in Samsara's shape." });

export const presentDvir = (row: DvirRow): z.output<typeof dvirSchema> => ({
  id: String(row.id),
  type: row.type,
  safetyStatus: row.status,
  authorSignature: {
    signatoryUser: { id: String(row.driverId ?? row.authorUserId ?? ""), name: row.signatureName },
    signedAtTime: rfc3339(row.signedAt),
    type: row.driverId === null ? "mechanic" : "driver",
  },
  ...(row.review ? { secondSignature: reviewSignature(row.review) } : {}),
  dvirSubmissionBeginTime: rfc3339(row.startedAt),
  dvirSubmissionTime: rfc3339(row.submittedAt),
  updatedAtTime: rfc3339(row.updatedAt),
  vehicle: { id: String(row.vehicleId), name: row.vehicleName },
  ...(row.trailerName === null ? {} : { trailerName: row.trailerName }),
  ...(row.odometerMeters === null ? {} : { odometerMeters: row.odometerMeters }),
  ...(row.location === null ? {} : { formattedAddress: row.location }),
  ...(row.licensePlate === null ? {} : { licensePlate: row.licensePlate }),
  ...(row.mechanicNotes === null ? {} : { mechanicNotes: row.mechanicNotes }),
  defectIds: row.defects.map((defect) => String(defect.id)),
  defects: row.defects.map(presentDefect),
});

export type DvirRecord = z.output<typeof dvirSchema>;
export type DefectRecord = z.output<typeof defectSchema>;
export type DefectTypeRecord = z.output<typeof defectTypeSchema>;

export const legacyDvirSchema = z
  .object({
    id: idSchema,
    type: z.enum(["preTrip", "postTrip", "mechanic", "unspecified"]),
    safetyStatus: z.enum(["safe", "unsafe", "resolved"]),
    startTime: timestampSchema,
    endTime: timestampSchema,
    authorSignature: signatureSchema,
    secondSignature: signatureSchema.optional(),
    vehicle: vehicleRefSchema,
    vehicleDefects: z.array(defectSchema),
    trailerName: z.string().optional(),
    odometerMeters: z.number().optional(),
    location: z.string().optional(),
    licensePlate: z.string().optional(),
    mechanicNotes: z.string().optional(),
  })
  .meta({ id: "LegacyDvir", description: "A DVIR in the shape of Samsara's legacy GET /fleet/dvirs/history." });

/** The same report in the legacy shape: its times as start/end, its defects in full under vehicleDefects. */
export const presentLegacyDvir = (row: DvirRow): z.output<typeof legacyDvirSchema> => {
  const {
    id,
    type,
    safetyStatus,
    authorSignature,
    secondSignature,
    vehicle,
    trailerName,
    odometerMeters,
    formattedAddress,
    licensePlate,
    mechanicNotes,
    defects,
  } = presentDvir(row);
  return {
    id,
    type,
    safetyStatus,
    startTime: rfc3339(row.startedAt),
    endTime: rfc3339(row.submittedAt),
    authorSignature,
    ...(secondSignature === undefined ? {} : { secondSignature }),
    vehicle,
    vehicleDefects: defects,
    ...(trailerName === undefined ? {} : { trailerName }),
    ...(odometerMeters === undefined ? {} : { odometerMeters }),
    ...(formattedAddress === undefined ? {} : { location: formattedAddress }),
    ...(licensePlate === undefined ? {} : { licensePlate }),
    ...(mechanicNotes === undefined ? {} : { mechanicNotes }),
  };
};

export type LegacyDvirRecord = z.output<typeof legacyDvirSchema>;
