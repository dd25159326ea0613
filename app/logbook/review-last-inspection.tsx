import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { RESOLUTION_LABELS } from "@/components/inspections/dvir-status-badge";
import { findReviewDue } from "@/lib/fleet/inspections";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ReviewForm } from "./review-form";

/**
 * Before driving, the vehicle's last report when it lists defects and no driver has reviewed it (49 CFR
 * 396.13(b)): each defect, open or what was done about it and by whom, and the driver's signature.
 * Nothing when there is nothing to review.
 */
export const ReviewLastInspection = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  driverId,
  timeZone,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  vehicleId: number;
  driverId: number;
  timeZone: string;
}) => {
  const report = await findReviewDue({ db, companyId, dataset, vehicleId, driverId });
  if (!report) return null;
  return (
    <section className="page logbook-defects" aria-labelledby="review-heading" data-testid="inspection-review">
      <h2 id="review-heading">Review the last inspection of {report.vehicleName}</h2>
      <p className="muted">
        Signed by {report.signatureName}, {formatDateTime(report.submittedAt, timeZone)}. Review its defects and sign before you go on duty in this vehicle.
      </p>
      <ul className="logbook-cards">
        {report.defects.map((defect) => (
          <li key={defect.id} className="logbook-card">
            <strong>{defect.defectTypeLabel}</strong>
            {defect.comment && <span>“{defect.comment}”</span>}
            <span className={defect.isResolved ? "form-saved" : "form-error"}>
              {defect.isResolved ? `${RESOLUTION_LABELS[defect.resolution ?? "repaired"]} · ${defect.resolvedByName ?? "—"}` : "Open: not repaired"}
              {defect.resolvedAt ? `, ${formatDateTime(defect.resolvedAt, timeZone)}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <ReviewForm dvirId={report.id} />
    </section>
  );
};
