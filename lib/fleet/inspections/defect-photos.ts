import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { dvirDefectPhotos, type PhotoType } from "@/db/schema";
import { getPhotoStore, type BlobStore } from "@/lib/platform/blob-store";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_DEFECT } from "./photo-limits";

/** Photos a driver may hold uploaded but in no report in a day: a form's worth, many times over. */
const MAX_PENDING_PER_DAY = 200;

export type DefectPhoto = { id: number; defectId: number; contentType: PhotoType; createdAt: Date };

/** The photo's type by its first bytes (never by a name or a header the client chose); null when not JPEG, PNG or WebP. */
export const sniffPhotoType = (bytes: Uint8Array): PhotoType | null => {
  const starts = (offset: number, values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (starts(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
};

/**
 * Keeps a photo the driver took for a defect, until their report names it (attachPhotos): the bytes go
 * to the photo store, then its row. 400 empty, 413 over MAX_PHOTO_BYTES, 415 not JPEG/PNG/WebP, 429
 * past a day's pending photos.
 */
export const uploadDefectPhoto = async ({
  db,
  companyId,
  dataset,
  driverId,
  bytes,
  store = getPhotoStore(),
}: TenantQuery & { driverId: number; bytes: Uint8Array; store?: BlobStore }) => {
  if (bytes.byteLength === 0) throw new AppError("bad_request", "The photo is empty.");
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new AppError("payload_too_large", `A photo is at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);
  const contentType = sniffPhotoType(bytes);
  if (!contentType) throw new AppError("unsupported_media_type", "A photo must be a JPEG, PNG or WebP image.");
  const [pending] = await db
    .select({ n: count() })
    .from(dvirDefectPhotos)
    .where(
      and(
        whereTenant(dvirDefectPhotos, { companyId, dataset }),
        eq(dvirDefectPhotos.driverId, driverId),
        isNull(dvirDefectPhotos.defectId),
        gte(dvirDefectPhotos.createdAt, new Date(Date.now() - 86_400_000)),
      ),
    );
  if (pending.n >= MAX_PENDING_PER_DAY) throw new AppError("rate_limited", "Too many photos outside a report today: submit the inspection first.");
  const storageKey = `dvir-photos/${companyId}/${randomUUID()}`;
  await store.put(storageKey, bytes, contentType);
  try {
    const [row] = await db
      .insert(dvirDefectPhotos)
      .values({ companyId, dataset, driverId, storageKey, contentType, byteSize: bytes.byteLength })
      .returning({ id: dvirDefectPhotos.id });
    return { id: row.id, contentType, byteSize: bytes.byteLength };
  } catch (error) {
    await store.remove([storageKey]);
    throw error;
  }
};

/**
 * Gives a new report's defects the photos named for them, in the submission's transaction: each must
 * be the driver's own upload, in no report yet (404 otherwise, as another company's), at most
 * MAX_PHOTOS_PER_DEFECT a defect (400).
 */
export const attachPhotos = async ({
  tx,
  tenant,
  driverId,
  dvirId,
  defects,
}: {
  tx: Executor;
  tenant: Tenant;
  driverId: number | null;
  dvirId: number;
  defects: { defectId: number; photoIds: number[] }[];
}) => {
  const wanted = defects.flatMap((defect) => defect.photoIds);
  if (wanted.length === 0) return;
  const crowded = defects.find((defect) => defect.photoIds.length > MAX_PHOTOS_PER_DEFECT);
  if (crowded) throw new AppError("bad_request", `photos: at most ${MAX_PHOTOS_PER_DEFECT} photos a defect.`);
  if (new Set(wanted).size !== wanted.length) throw new AppError("bad_request", "photos: a photo belongs to one defect.");
  const found = await tx
    .select({ id: dvirDefectPhotos.id })
    .from(dvirDefectPhotos)
    .where(
      and(
        whereTenant(dvirDefectPhotos, tenant),
        inArray(dvirDefectPhotos.id, wanted),
        eq(dvirDefectPhotos.driverId, driverId ?? -1),
        isNull(dvirDefectPhotos.defectId),
      ),
    )
    .for("update");
  const missing = wanted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw new AppError("not_found", `photos: no photo ${missing} of yours waiting for a report (upload it again).`);
  for (const { defectId, photoIds } of defects)
    if (photoIds.length)
      await tx
        .update(dvirDefectPhotos)
        .set({ dvirId, defectId })
        .where(and(whereTenant(dvirDefectPhotos, tenant), inArray(dvirDefectPhotos.id, photoIds)));
};

/** The photos of these defects, oldest first. */
export const listDefectPhotos = async ({ db, tenant, defectIds }: { db: Executor; tenant: Tenant; defectIds: number[] }): Promise<DefectPhoto[]> =>
  defectIds.length
    ? ((await db
        .select({
          id: dvirDefectPhotos.id,
          defectId: dvirDefectPhotos.defectId,
          contentType: dvirDefectPhotos.contentType,
          createdAt: dvirDefectPhotos.createdAt,
        })
        .from(dvirDefectPhotos)
        .where(and(whereTenant(dvirDefectPhotos, tenant), inArray(dvirDefectPhotos.defectId, defectIds)))
        .orderBy(asc(dvirDefectPhotos.id))) as DefectPhoto[])
    : [];

/** Each defect with its photos. */
export const withPhotos = async <D extends { id: number }>({ db, tenant, defects }: { db: Executor; tenant: Tenant; defects: D[] }) => {
  const photos = await listDefectPhotos({ db, tenant, defectIds: defects.map((defect) => defect.id) });
  return defects.map((defect) => ({ ...defect, photos: photos.filter((photo) => photo.defectId === defect.id) }));
};

/** A photo of one of the tenant's reports, with its bytes; 404 for another company's, or one in no report. */
export const readDefectPhoto = async ({ db, companyId, dataset, photoId, store = getPhotoStore() }: TenantQuery & { photoId: number; store?: BlobStore }) => {
  const [row] = await db
    .select({ storageKey: dvirDefectPhotos.storageKey, contentType: dvirDefectPhotos.contentType, defectId: dvirDefectPhotos.defectId })
    .from(dvirDefectPhotos)
    .where(and(whereTenant(dvirDefectPhotos, { companyId, dataset }), eq(dvirDefectPhotos.id, photoId)));
  const bytes = row && row.defectId !== null ? await store.get(row.storageKey) : null;
  if (!row || !bytes) throw new AppError("not_found", `No photo with id ${photoId}.`);
  return { bytes, contentType: row.contentType };
};
