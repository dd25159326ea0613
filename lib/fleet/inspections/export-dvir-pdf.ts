import { getDriver } from "@/lib/fleet/drivers";
import type { BlobStore } from "@/lib/platform/blob-store";
import type { DistanceUnit } from "@/lib/platform/units";
import type { TenantQuery } from "@/lib/platform/tenant";
import { readDefectPhoto } from "./defect-photos";
import { renderDvirPdf, type PdfPhoto } from "./dvir-pdf";
import { getDvir } from "./read-dvirs";

/** One of the tenant's reports as a PDF with its photos (a photo missing from the store is left out); 404 for another tenant's. */
export const exportDvirPdf = async ({
  db,
  companyId,
  dataset,
  dvirId,
  timeZone,
  unit,
  store,
}: TenantQuery & { dvirId: number; timeZone: string; unit: DistanceUnit; store?: BlobStore }) => {
  const dvir = await getDvir({ db, companyId, dataset, dvirId });
  const driver = dvir.driverId === null ? null : await getDriver({ db, companyId, dataset, driverId: dvir.driverId }).catch(() => null);
  const photos = new Map<number, PdfPhoto>();
  for (const { id } of dvir.defects.flatMap((defect) => defect.photos)) {
    const photo = await readDefectPhoto({ db, companyId, dataset, photoId: id, store }).catch(() => null);
    if (photo) photos.set(id, photo);
  }
  return renderDvirPdf({ dvir, driverName: driver?.name ?? null, timeZone, unit, photos });
};
