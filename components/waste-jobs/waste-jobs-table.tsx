import { Link } from "@/components/ui/link";
import { formatDateTime } from "@/lib/platform/zoned-time";
import type { WasteJob } from "@/lib/fleet/waste/find-waste-jobs";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const WasteStatusBadge = ({ status }: { status: string }) => (
  <span className={`badge status-${status}`}>{status === "InProgress" ? "In progress" : status}</span>
);

export const WasteJobsTable = ({ jobs, timeZone }: { jobs: WasteJob[]; timeZone: string }) => (
  <ScrollRegion label="Waste jobs">
    <table className="data cards-on-phone" data-testid="waste-jobs-table">
      <thead>
        <tr>
          <th>Job</th>
          <th>Scheduled</th>
          <th>Service</th>
          <th>Status</th>
          <th>Client</th>
          <th>Address</th>
          <th>Vehicle</th>
          <th>Driver</th>
          <th className="num">Tonnage</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.jobId}>
            <td className="card-title">
              <Link href={`/waste-jobs/${job.jobId}`}>#{job.jobId}</Link>
            </td>
            <td data-label="Scheduled">{formatDateTime(job.scheduledDate, timeZone)}</td>
            <td data-label="Service">{job.serviceType}</td>
            <td data-label="Status">
              <WasteStatusBadge status={job.status} />
            </td>
            <td data-label="Client">{job.pickUpClientName}</td>
            <td data-label="Address">{job.pickUpAddress}</td>
            <td data-label="Vehicle">{job.assignedToAssetName ?? <span className="muted">Unassigned</span>}</td>
            <td data-label="Driver">{job.assignedToDriverName ?? <span className="muted">—</span>}</td>
            <td data-label="Tonnage" className="num">
              {job.tonnage.toFixed(2)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
