import { and, desc, eq, isNull } from "drizzle-orm";
import { dvirs } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { getDvir, type DvirRow } from "./read-dvirs";

/**
 * The report the next driver of a vehicle must review and sign before driving it (49 CFR 396.13(b)): the
 * vehicle's last report, when it lists defects (open, or resolved since), no driver has reviewed it, and
 * `driverId` did not write it (the rule's "next driver"). Null when there is nothing to review.
 */
export const findReviewDue = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  driverId,
}: TenantQuery & { vehicleId: number; driverId: number }): Promise<DvirRow | null> => {
  const [last] = await db
    .select({ id: dvirs.id, reviewedAt: dvirs.reviewSignedAt, driverId: dvirs.driverId })
    .from(dvirs)
    .where(and(whereTenant(dvirs, { companyId, dataset }), eq(dvirs.vehicleId, vehicleId)))
    .orderBy(desc(dvirs.submittedAt), desc(dvirs.id))
    .limit(1);
  if (!last || last.reviewedAt || last.driverId === driverId) return null;
  const report = await getDvir({ db, companyId, dataset, dvirId: last.id });
  return report.defects.length ? report : null;
};

/**
 * The driver signs their review of a report (Samsara's `secondSignature`): they have seen its defects and
 * what was done about them. 404 for another company's report, 400 for a report without defects or an empty
 * signature; a report reviewed already keeps its first review (a retry by the same driver answers it; 409 for
 * another driver). Audited.
 */
export const signDvirReview = async ({
  db,
  companyId,
  dataset,
  dvirId,
  driverId,
  signatureName,
  actor,
}: TenantQuery & { dvirId: number; driverId: number; signatureName: string; actor: AuditActor }): Promise<DvirRow> => {
  const tenant = { companyId, dataset };
  const name = signatureName.trim();
  if (!name) throw new AppError("bad_request", "signatureName: sign the review by typing your name.");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ reviewDriverId: dvirs.reviewDriverId })
      .from(dvirs)
      .where(and(whereTenant(dvirs, tenant), eq(dvirs.id, dvirId)))
      .for("update");
    if (!row) throw new AppError("not_found", `No DVIR with id ${dvirId}.`);
    if (row.reviewDriverId === driverId) return;
    if (row.reviewDriverId !== null) throw new AppError("conflict", "Another driver has reviewed this report already.");
    const report = await getDvir({ db: tx, ...tenant, dvirId });
    if (report.defects.length === 0) throw new AppError("bad_request", "This report lists no defects: there is nothing to review.");
    const now = new Date();
    await tx
      .update(dvirs)
      .set({ reviewDriverId: driverId, reviewSignatureName: name, reviewSignedAt: now, updatedAt: now })
      .where(and(whereTenant(dvirs, tenant), eq(dvirs.id, dvirId), isNull(dvirs.reviewDriverId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "dvir.reviewed",
      target: { type: "dvir", id: dvirId },
      changes: { reviewedBy: { before: null, after: name } },
    });
  });
  return getDvir({ db, ...tenant, dvirId });
};
