import Link from "next/link";
import { formatDateTime } from "@/lib/time-zone/zoned-time";
import type { WasteJob } from "@/lib/waste/find-waste-jobs";
import { ScrollRegion } from "@/components/ui/scroll-region";


export const WasteStatusBadge = ({ status }: { status: string }) => <span className={`badge status-${status}`}>{status === "InProgress" ? "In progress" : status}</span>;

export const WasteJobsTable = ({ jobs, timeZone }: { jobs: WasteJob[]; timeZone: string }) => (
  <ScrollRegion label="Waste jobs">
    <table className="data" data-testid="waste-jobs-table">
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
            <td>
              <Link href={`/waste-jobs/${job.jobId}`}>#{job.jobId}</Link>
            </td>
            <td>{formatDateTime(job.scheduledDate, timeZone)}</td>
            <td>{job.serviceType}</td>
            <td>
              <WasteStatusBadge status={job.status} />
            </td>
            <td>{job.pickUpClientName}</td>
            <td>{job.pickUpAddress}</td>
            <td>{job.assignedToAssetName ?? <span className="muted">Unassigned</span>}</td>
            <td>{job.assignedToDriverName ?? <span className="muted">—</span>}</td>
            <td className="num">{job.tonnage.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollRegion>
);
