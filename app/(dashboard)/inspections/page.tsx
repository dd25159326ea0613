import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { FilterActions, FilterSelect, VehicleSelect } from "@/components/dashboard/filter-fields";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { DvirStatusBadge, DVIR_TYPE_LABELS } from "@/components/inspections/dvir-status-badge";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { parseInspectionFilters } from "@/lib/dashboard/view/inspection-form";
import { listDrivers } from "@/lib/fleet/drivers";
import { listDvirs, listOutOfServiceVehicles } from "@/lib/fleet/inspections";
import { listVehicles } from "@/lib/fleet/vehicles";
import { formatDateTime } from "@/lib/platform/zoned-time";

export const metadata = { title: "Inspections" };

const SHOWN = 200;

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.inspections.roles);
  const { timeZone } = await companySettings(user.companyId);
  const filters = parseInspectionFilters({ params: await searchParams, timeZone, now: new Date() });
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [reports, vehicles, drivers, outOfService] = await Promise.all([
    listDvirs({ ...tenant, ...filters, limit: SHOWN }),
    listVehicles({ ...tenant, archive: "all", limit: 5_000 }),
    listDrivers({ ...tenant, limit: 5_000 }),
    // Every open unsafe report, not only the ones the filters show.
    listOutOfServiceVehicles(tenant),
  ]);
  const driverNames = new Map(drivers.map((driver) => [driver.id, driver.name]));
  return (
    <section className="page">
      <LocalDataNotice subject="Inspections" reason="drivers' inspection reports are kept in this service's database." />
      <div className="page-head">
        <h1>Inspections</h1>
        <span className="muted">
          Driver vehicle inspection reports (49 CFR 396.11) · {filters.raw.from} to {filters.raw.to} · times in {timeZone}
        </span>
        <div className="actions">
          <Link href="/inspections/checklist" className="button-link">
            Checklist
          </Link>
        </div>
      </div>
      {outOfService.length > 0 && (
        <p role="status" className="form-error" data-testid="out-of-service">
          Out of service until repaired: {outOfService.map((vehicle) => vehicle.vehicleName).join(", ")}
        </p>
      )}
      <form className="filters" method="get" action="/inspections" aria-label="Filters">
        <VehicleSelect vehicles={[...vehicles].sort((a, b) => a.name.localeCompare(b.name))} selected={filters.raw.vehicle} />
        <FilterSelect
          label="Status"
          name="status"
          allLabel="Any status"
          options={[
            { value: "unsafe", label: "Not safe" },
            { value: "safe", label: "Safe" },
            { value: "resolved", label: "Resolved" },
          ]}
          selected={filters.raw.status}
        />
        <FilterSelect
          label="Type"
          name="type"
          allLabel="All types"
          options={Object.entries(DVIR_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          selected={filters.raw.type}
        />
        <label>
          From
          <input type="date" name="from" defaultValue={filters.raw.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.raw.to} />
        </label>
        <FilterActions submitLabel="Apply" clearHref="/inspections" />
      </form>
      {reports.length === 0 ? (
        <EmptyState title="No inspections with these filters">Drivers submit them from the logbook on their phone; mechanics through the API.</EmptyState>
      ) : (
        <ScrollRegion label="Inspection reports">
          <table className="data cards-on-phone" data-testid="inspections-table">
            <thead>
              <tr>
                <th>Vehicle</th>
                <th>Submitted</th>
                <th>Type</th>
                <th>Signed by</th>
                <th>Status</th>
                <th className="num">Open defects</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => (
                <tr key={report.id}>
                  <td className="card-title">
                    <Link href={`/inspections/${report.id}`}>{report.vehicleName}</Link>
                    {report.trailerName && <span className="muted"> + {report.trailerName}</span>}
                  </td>
                  <td data-label="Submitted">{formatDateTime(report.submittedAt, timeZone)}</td>
                  <td data-label="Type">{DVIR_TYPE_LABELS[report.type]}</td>
                  <td data-label="Signed by">
                    {report.signatureName}
                    {report.driverId !== null && driverNames.get(report.driverId) !== report.signatureName && (
                      <span className="muted"> (driver {driverNames.get(report.driverId) ?? `#${report.driverId}`})</span>
                    )}
                  </td>
                  <td data-label="Status">
                    <DvirStatusBadge status={report.status} />
                  </td>
                  <td data-label="Open defects" className="num">
                    {report.defects.filter((defect) => !defect.isResolved).length} of {report.defects.length}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {reports.length === SHOWN && <p className="muted">The newest {SHOWN} are shown: narrow the filters to see older ones.</p>}
    </section>
  );
};

export default Page;
