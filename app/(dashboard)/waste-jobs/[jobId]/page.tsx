import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { PositionSketch } from "@/components/waste-jobs/position-sketch";
import { WasteStatusBadge } from "@/components/waste-jobs/waste-jobs-table";
import { WasteModuleMissing } from "@/components/waste-jobs/waste-module-missing";
import { getWasteJob } from "@/lib/fleet/waste/get-waste-job";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { formatDateTime } from "@/lib/platform/zoned-time";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Waste job" };

const Page = async ({ params }: { params: Promise<{ jobId: string }> }) => {
  const user = await requireUser(SECTIONS.wasteJobs.roles);
  const { timeZone, modules } = await companySettings(user.companyId);
  const db = getDb();
  if (!modules.includes("Waste")) return <WasteModuleMissing companyName={user.companyName} />;
  const { jobId } = await params;
  if (!/^\d{1,9}$/.test(jobId)) notFound();
  const job = await pageRecord(getWasteJob({ db, companyId: user.companyId, dataset: "live", jobId: Number(jobId) }));
  // A completed job places its vehicle where it was at completion; where that truck is now says nothing about the job.
  const vehiclePoint = job.completion ? job.completion.position : job.vehiclePosition;
  const markers = [
    ...(job.latitude !== null && job.longitude !== null ? [{ latitude: job.latitude, longitude: job.longitude, label: "Pick-up", kind: "job" as const }] : []),
    ...(vehiclePoint ? [{ ...vehiclePoint, label: job.assignedToAssetName ?? "Vehicle", kind: "vehicle" as const }] : []),
  ];
  const place = (point: { latitude: number; longitude: number }) => `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;
  return (
    <section className="page">
      <LocalDataNotice subject="Waste jobs" reason="the fleet API has no waste jobs." />
      <div className="breadcrumb">
        <Link href="/waste-jobs">Waste jobs</Link> / #{job.jobId}
      </div>
      <div className="page-head">
        <h1>
          Job #{job.jobId} · {job.serviceType}
        </h1>
        <WasteStatusBadge status={job.status} />
      </div>
      <div className="job-detail">
        <dl className="detail-list">
          <dt>Scheduled</dt>
          <dd>{formatDateTime(job.scheduledDate, timeZone)}</dd>
          <dt>Client</dt>
          <dd>{job.pickUpClientName}</dd>
          <dt>Pick-up address</dt>
          <dd>{job.pickUpAddress}</dd>
          <dt>Vehicle</dt>
          <dd>{job.assignedToAssetName ?? <span className="muted">Unassigned</span>}</dd>
          <dt>Driver</dt>
          <dd>{job.assignedToDriverName ?? <span className="muted">—</span>}</dd>
          <dt>Tonnage</dt>
          <dd>{job.tonnage.toFixed(2)} t</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(job.utcCreated, timeZone)}</dd>
          {job.completion ? (
            <>
              <dt>Completed</dt>
              <dd data-testid="job-completed">
                {formatDateTime(job.completion.time, timeZone)}
                {job.completion.position ? ` at ${place(job.completion.position)}` : <span className="muted"> (the vehicle reported no position then)</span>}
              </dd>
            </>
          ) : (
            <>
              <dt>Vehicle last seen</dt>
              <dd data-testid="vehicle-last-seen">
                {job.vehiclePosition ? (
                  `${formatDateTime(job.vehiclePosition.time, timeZone)} at ${place(job.vehiclePosition)}`
                ) : (
                  <span className="muted">No position reported</span>
                )}
              </dd>
            </>
          )}
        </dl>
        <div>
          {markers.length > 0 ? (
            <PositionSketch markers={markers} />
          ) : (
            <EmptyState title="Nothing to place on a map">The job has no pick-up coordinates and its vehicle has not reported a position yet.</EmptyState>
          )}
          <p className="muted" style={{ fontSize: "0.8rem" }}>
            Red square: pick-up point. Blue dot:{" "}
            {job.completion ? "where the vehicle was when the job was completed" : "the vehicle's latest reported position"}.
          </p>
        </div>
      </div>
    </section>
  );
};

export default Page;
