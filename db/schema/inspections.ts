import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/** Where a defect type sits on the vehicle (Samsara's `sectionType`). */
export const DEFECT_SECTIONS = [
  "exteriorFront",
  "exteriorRear",
  "exteriorSideUnderneath",
  "interiorDriverCab",
  "interiorPassengerArea",
  "other",
  "unknown",
] as const;
export type DefectSection = (typeof DEFECT_SECTIONS)[number];

/**
 * The company's inspection checklist: the defect types a driver may report. A company starts with the
 * parts 49 CFR 396.11(a)(2) names, plus "Other" (lib/fleet/inspections/defect-types.ts adds them the
 * first time the checklist is read).
 */
export const dvirDefectTypes = pgTable(
  "dvir_defect_types",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    label: text("label").notNull(),
    sectionType: text("section_type", { enum: DEFECT_SECTIONS }).notNull().default("other"),
    createdAt: createdAt(),
    /** Taken off the checklist (drivers no longer see it); the defects reported under it keep its label. */
    retiredAt: utc("retired_at"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex("dvir_defect_types_label_idx").on(t.companyId, t.dataset, t.label)],
);

export const DVIR_TYPES = ["preTrip", "postTrip", "mechanic"] as const;
export type DvirType = (typeof DVIR_TYPES)[number];
export const SAFETY_STATUSES = ["safe", "unsafe"] as const;
export type SafetyStatus = (typeof SAFETY_STATUSES)[number];

/**
 * A driver vehicle inspection report (49 CFR 396.11, 396.13): a driver's pre- or post-trip inspection
 * from the logbook, or a mechanic's (POST /fleet/dvirs). Signed by the signer typing their name. A
 * phone's retry carries the same `idempotency_key` and gets the first submission back.
 */
export const dvirs = pgTable(
  "dvirs",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    type: text("type", { enum: DVIR_TYPES }).notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    /** The trailer's name as the driver typed it (no trailer registry yet). */
    trailerName: text("trailer_name"),
    /** The driver who inspected (driver DVIRs). */
    driverId: integer("driver_id"),
    /** The dashboard user who signed (mechanic DVIRs). */
    authorUserId: integer("author_user_id"),
    odometerMeters: doublePrecision("odometer_meters"),
    /** What the signer declared: safe or not safe to operate. */
    safetyStatus: text("safety_status", { enum: SAFETY_STATUSES }).notNull(),
    licensePlate: text("license_plate"),
    location: text("location"),
    mechanicNotes: text("mechanic_notes"),
    /** The signature: the signer's name as they typed it, and when. */
    signatureName: text("signature_name").notNull(),
    signedAt: utc("signed_at").notNull(),
    startedAt: utc("started_at").notNull(),
    submittedAt: utc("submitted_at").notNull(),
    /** Set when an unsafe report's defects are all resolved, or a mechanic resolves it. */
    resolvedAt: utc("resolved_at"),
    idempotencyKey: text("idempotency_key"),
    /**
     * The next driver's review (49 CFR 396.13(b), Samsara's `secondSignature`): the driver who reviewed the
     * report's defects and their repairs before driving, the name they typed, and when.
     */
    reviewDriverId: integer("review_driver_id"),
    reviewSignatureName: text("review_signature_name"),
    reviewSignedAt: utc("review_signed_at"),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("dvirs_idempotency_idx").on(t.companyId, t.dataset, t.idempotencyKey),
    index("dvirs_updated_idx").on(t.companyId, t.dataset, t.updatedAt, t.id),
    index("dvirs_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.submittedAt),
    // The retention job's search for a company's oldest reports.
    index("dvirs_submitted_idx").on(t.companyId, t.submittedAt),
  ],
);

export const DEFECT_RESOLUTIONS = ["repaired", "noRepairNeeded"] as const;
export type DefectResolution = (typeof DEFECT_RESOLUTIONS)[number];
export const RESOLVER_TYPES = ["driver", "mechanic"] as const;

/** A defect a DVIR reports, open until someone resolves it: repaired, or no repair needed (49 CFR 396.11(a)(3)). */
export const dvirDefects = pgTable(
  "dvir_defects",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    dvirId: integer("dvir_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    defectTypeId: integer("defect_type_id").notNull(),
    /** The type's label when reported: the report stays as written if the checklist changes. */
    defectTypeLabel: text("defect_type_label").notNull(),
    comment: text("comment").notNull().default(""),
    isResolved: boolean("is_resolved").notNull().default(false),
    resolution: text("resolution", { enum: DEFECT_RESOLUTIONS }),
    resolvedAt: utc("resolved_at"),
    resolvedByType: text("resolved_by_type", { enum: RESOLVER_TYPES }),
    resolvedById: text("resolved_by_id"),
    resolvedByName: text("resolved_by_name"),
    mechanicNotes: text("mechanic_notes"),
    createdAt: createdAt(),
    updatedAt: utc("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("dvir_defects_dvir_idx").on(t.companyId, t.dvirId),
    index("dvir_defects_updated_idx").on(t.companyId, t.dataset, t.updatedAt, t.id),
    index("dvir_defects_vehicle_idx").on(t.companyId, t.dataset, t.vehicleId, t.isResolved),
  ],
);

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/**
 * A photo of a defect, taken on the driver's phone (Samsara's `defectPhotos`). The logbook uploads
 * each photo on its own as soon as it is chosen (a small request a weak connection can retry), then
 * the report names the photos it keeps: until then `defect_id` is null and only the uploading driver
 * can attach it. The bytes are in the photo store (lib/platform/blob-store) under `storage_key`.
 */
export const dvirDefectPhotos = pgTable(
  "dvir_defect_photos",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    /** The driver who uploaded it: only they can attach it to a report. */
    driverId: integer("driver_id").notNull(),
    dvirId: integer("dvir_id"),
    defectId: integer("defect_id"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type", { enum: PHOTO_TYPES }).notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("dvir_defect_photos_defect_idx").on(t.companyId, t.defectId),
    index("dvir_defect_photos_pending_idx")
      .on(t.companyId, t.createdAt)
      .where(sql`${t.defectId} is null`),
  ],
);
