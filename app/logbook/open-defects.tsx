import type { Executor } from "@/db/client";
import type { Dataset } from "@/db/schema";
import { listOpenDefects } from "@/lib/fleet/inspections";
import { formatDateTime } from "@/lib/platform/zoned-time";

/**
 * The vehicle's open defects, for the driver about to take it (49 CFR 396.13: review the last report
 * before driving). Nothing when there are none.
 */
export const OpenDefects = async ({
  db,
  companyId,
  dataset,
  vehicleId,
  timeZone,
}: {
  db: Executor;
  companyId: number;
  dataset: Dataset;
  vehicleId: number;
  timeZone: string;
}) => {
  const defects = await listOpenDefects({ db, companyId, dataset, vehicleId });
  if (defects.length === 0) return null;
  return (
    <section className="page logbook-defects" aria-labelledby="defects-heading" data-testid="open-defects">
      <h2 id="defects-heading">Open defects on {defects[0].vehicleName}</h2>
      <p className="muted">Reported by earlier inspections and not yet repaired. Check them before you drive.</p>
      <ul className="logbook-cards">
        {defects.map((defect) => (
          <li key={defect.id} className="logbook-card">
            <strong>{defect.defectTypeLabel}</strong>
            {defect.comment && <span>“{defect.comment}”</span>}
            <span className="muted">reported {formatDateTime(defect.createdAt, timeZone)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
};
