import PDFDocument from "pdfkit";
import type { PhotoType } from "@/db/schema";
import { formatDistance, type DistanceUnit } from "@/lib/platform/units";
import { formatDateTime } from "@/lib/platform/zoned-time";
import type { DvirRow } from "./read-dvirs";

const TYPE_LABELS = { preTrip: "Pre-trip", postTrip: "Post-trip", mechanic: "Mechanic's" } as const;
const RESOLUTIONS = { repaired: "Repaired", noRepairNeeded: "No repair needed" } as const;
/** PDF embeds JPEG and PNG; a WebP photo is named, not drawn (the detail page shows it). */
const DRAWABLE: readonly PhotoType[] = ["image/jpeg", "image/png"];

export type PdfPhoto = { bytes: Uint8Array; contentType: PhotoType };

/**
 * One inspection report as a PDF for the carrier's files (49 CFR 396.11): the vehicle, the signer and
 * what they declared, each defect with its comment, photos and repair (who signed it, when), and the
 * next driver's review. `photos` are the defects' photos by id (those missing are left out).
 */
export const renderDvirPdf = ({
  dvir,
  driverName,
  timeZone,
  unit,
  photos,
}: {
  dvir: DvirRow;
  driverName: string | null;
  timeZone: string;
  unit: DistanceUnit;
  photos: Map<number, PdfPhoto>;
}): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: `Inspection ${dvir.id} of ${dvir.vehicleName}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const when = (time: Date) => formatDateTime(time, timeZone);
    const line = (label: string, value: string) => doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);

    doc.font("Helvetica-Bold").fontSize(16).text(`${TYPE_LABELS[dvir.type]} inspection of ${dvir.vehicleName}`);
    doc.fontSize(10).moveDown(0.5);
    line("Report", `#${dvir.id}, submitted ${when(dvir.submittedAt)}`);
    line("Driver", driverName ?? (dvir.driverId === null ? "— (mechanic's report)" : `#${dvir.driverId}`));
    if (dvir.trailerName) line("Trailer", dvir.trailerName);
    if (dvir.odometerMeters !== null) line("Odometer", formatDistance(dvir.odometerMeters, unit, 0));
    line("Declared", dvir.safetyStatus === "safe" ? "Safe to operate" : "Not safe to operate");
    line("Signature", `“${dvir.signatureName}”, ${when(dvir.signedAt)}`);
    line("Next driver's review", dvir.review ? `“${dvir.review.signatureName}”, ${when(dvir.review.signedAt)}` : "Not reviewed yet");
    if (dvir.mechanicNotes) line("Mechanic's notes", dvir.mechanicNotes);
    if (dvir.resolvedAt) line("Resolved", when(dvir.resolvedAt));

    doc.moveDown().font("Helvetica-Bold").fontSize(13).text("Defects").fontSize(10);
    if (dvir.defects.length === 0) doc.font("Helvetica").text("No defects reported.");
    for (const defect of dvir.defects) {
      doc.moveDown(0.5).font("Helvetica-Bold").text(defect.defectTypeLabel);
      doc.font("Helvetica");
      if (defect.comment) doc.text(`“${defect.comment}”`);
      doc.text(
        defect.isResolved
          ? `${RESOLUTIONS[defect.resolution ?? "repaired"]}, signed by ${defect.resolvedByName ?? "—"}` +
              `${defect.resolvedAt ? `, ${when(defect.resolvedAt)}` : ""}${defect.mechanicNotes ? ` — “${defect.mechanicNotes}”` : ""}`
          : "Open",
      );
      for (const [index, { id }] of defect.photos.entries()) {
        const photo = photos.get(id);
        if (!photo) continue;
        if (!DRAWABLE.includes(photo.contentType)) {
          doc.text(`Photo ${index + 1}: WebP, shown on the report's page.`);
          continue;
        }
        if (doc.y + 160 > doc.page.height - doc.page.margins.bottom) doc.addPage();
        try {
          doc.image(Buffer.from(photo.bytes), { fit: [200, 150] });
          doc.moveDown(0.25);
        } catch {
          // Its first bytes said JPEG or PNG, the rest is not one: the report still goes out.
          doc.text(`Photo ${index + 1}: not a readable image.`);
        }
      }
    }
    doc.end();
  });
