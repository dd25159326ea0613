import { z } from "zod";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { companySettings } from "@/app/_server/company-settings";
import { exportDvirPdf, readDefectPhoto } from "@/lib/fleet/inspections";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

/**
 * A defect's photo for the company's users who see inspections (the DVIR detail, its PDF); another
 * company's photo, or one in no report, is 404. Sent as the type its bytes showed at upload, never sniffed
 * again by the browser, and kept by it only privately.
 */
export const defectPhotoEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: "(dashboard)",
  path: "/inspections/photos/{photoId}",
  summary: "A defect's photo",
  params: z.object({
    photoId: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric photo id")
      .transform(Number),
  }),
  roles: SECTIONS.inspections.roles,
  action: "see inspection photos",
  run: async ({ db, user, params }) => {
    const photo = await readDefectPhoto({ db, companyId: user.companyId, dataset: "live", photoId: params.photoId });
    return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": photo.contentType,
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  },
});

/** One inspection report as a PDF (its defects, signatures and photos), saved as `inspection-<id>.pdf`; another company's is 404. */
export const dvirPdfEndpoint = defineDashboardEndpoint({
  method: "GET",
  group: "(dashboard)",
  path: "/inspections/{dvirId}/pdf",
  summary: "An inspection report as PDF",
  params: z.object({
    dvirId: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric report id")
      .transform(Number),
  }),
  roles: SECTIONS.inspections.roles,
  action: "download inspection reports",
  run: async ({ db, user, params }) => {
    const tenant = { db, companyId: user.companyId, dataset: "live" as const };
    const { timeZone, distanceUnit } = await companySettings(user.companyId);
    const pdf = await exportDvirPdf({ ...tenant, dvirId: params.dvirId, timeZone, unit: distanceUnit });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="inspection-${params.dvirId}.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
