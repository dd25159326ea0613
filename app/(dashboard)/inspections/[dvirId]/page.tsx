import { Link } from "@/components/ui/link";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { DvirStatusBadge, DVIR_TYPE_LABELS, RESOLUTION_LABELS } from "@/components/inspections/dvir-status-badge";
import { WORK_ORDER_STATUS_LABELS } from "@/components/maintenance/work-order-labels";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getDriver } from "@/lib/fleet/drivers";
import { getDvir } from "@/lib/fleet/inspections";
import { listWorkOrders } from "@/lib/processing/maintenance";
import { formatDistance } from "@/lib/platform/units";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { ResolveDefectForm } from "./resolve-defect-form";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Inspection report" };

const Page = async ({ params }: { params: Promise<{ dvirId: string }> }) => {
  const user = await requireUser(SECTIONS.inspections.roles);
  const { dvirId } = await params;
  if (!/^\d{1,9}$/.test(dvirId)) notFound();
  const { timeZone, distanceUnit } = await companySettings(user.companyId);
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const report = await pageRecord(getDvir({ ...tenant, dvirId: Number(dvirId) }));
  const driver = report.driverId === null ? null : await getDriver({ ...tenant, driverId: report.driverId }).catch(() => null);
  const canResolve = canDo(user.role, "resolveDefects");
  const canOpenOrders = canDo(user.role, "manageMaintenance");
  const orders = report.defects.length
    ? await listWorkOrders({ ...tenant, source: { type: "dvirDefect", ids: report.defects.map((defect) => defect.id) } })
    : [];
  return (
    <section className="page">
      <LocalDataNotice subject="Inspections" reason="drivers' inspection reports are kept in this service's database." />
      <div className="breadcrumb">
        <Link href="/inspections">Inspections</Link> / {report.vehicleName}
      </div>
      <div className="page-head">
        <h1>
          {DVIR_TYPE_LABELS[report.type]} inspection of {report.vehicleName}
        </h1>
        <DvirStatusBadge status={report.status} />
        <a className="button" href={`/inspections/${report.id}/pdf`} download>
          Download PDF
        </a>
      </div>
      <dl className="dvir-detail" data-testid="dvir-detail">
        <div>
          <dt>Submitted</dt>
          <dd>{formatDateTime(report.submittedAt, timeZone)}</dd>
        </div>
        <div>
          <dt>Driver</dt>
          <dd>{driver?.name ?? (report.driverId === null ? "— (mechanic's report)" : `#${report.driverId}`)}</dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd>
            “{report.signatureName}”, {formatDateTime(report.signedAt, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Next driver&apos;s review</dt>
          <dd>{report.review ? `“${report.review.signatureName}”, ${formatDateTime(report.review.signedAt, timeZone)}` : "Not reviewed yet"}</dd>
        </div>
        <div>
          <dt>Declared</dt>
          <dd>{report.safetyStatus === "safe" ? "Safe to operate" : "Not safe to operate"}</dd>
        </div>
        {report.trailerName && (
          <div>
            <dt>Trailer</dt>
            <dd>{report.trailerName}</dd>
          </div>
        )}
        {report.odometerMeters !== null && (
          <div>
            <dt>Odometer</dt>
            <dd>{formatDistance(report.odometerMeters, distanceUnit, 0)}</dd>
          </div>
        )}
        {report.mechanicNotes && (
          <div>
            <dt>Mechanic&apos;s notes</dt>
            <dd>{report.mechanicNotes}</dd>
          </div>
        )}
        {report.resolvedAt && (
          <div>
            <dt>Resolved</dt>
            <dd>{formatDateTime(report.resolvedAt, timeZone)}</dd>
          </div>
        )}
      </dl>
      <h2>Defects</h2>
      {report.defects.length === 0 ? (
        <p className="muted">No defects reported.</p>
      ) : (
        <ul className="defect-list" data-testid="defects">
          {report.defects.map((defect) => (
            <li key={defect.id} className="defect-card" data-testid="defect">
              <strong>{defect.defectTypeLabel}</strong>
              {defect.comment && <span>“{defect.comment}”</span>}
              {defect.photos.length > 0 && (
                <ul className="defect-photo-list" aria-label={`${defect.defectTypeLabel}: photos`}>
                  {defect.photos.map((photo, index) => (
                    <li key={photo.id}>
                      <a href={`/inspections/photos/${photo.id}`} target="_blank" rel="noopener">
                        <img
                          src={`/inspections/photos/${photo.id}`}
                          alt={`${defect.defectTypeLabel}: photo ${index + 1} of ${defect.photos.length}`}
                          loading="lazy"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {defect.isResolved ? (
                <span className="form-saved">
                  {RESOLUTION_LABELS[defect.resolution ?? "repaired"]} · {defect.resolvedByName ?? "—"}
                  {defect.resolvedAt ? `, ${formatDateTime(defect.resolvedAt, timeZone)}` : ""}
                  {defect.mechanicNotes ? ` — “${defect.mechanicNotes}”` : ""}
                </span>
              ) : (
                <span className="muted">Open</span>
              )}
              {orders
                .filter((order) => order.sourceId === defect.id)
                .map((order) => (
                  <Link key={order.id} href={`/maintenance/orders/${order.id}`} data-testid="defect-work-order">
                    Work order #{order.id}: {WORK_ORDER_STATUS_LABELS[order.status]}
                  </Link>
                ))}
              {/* One order at a time for a defect: another once the last is completed (a repair that did not hold). */}
              {!defect.isResolved && canOpenOrders && !orders.some((order) => order.sourceId === defect.id && order.status !== "completed") && (
                <Link href={`/maintenance/orders/new?defect=${defect.id}`} className="button" aria-label={`Open a work order for ${defect.defectTypeLabel}`}>
                  Open work order
                </Link>
              )}
              {!defect.isResolved && canResolve && <ResolveDefectForm defectId={defect.id} label={defect.defectTypeLabel} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

export default Page;
