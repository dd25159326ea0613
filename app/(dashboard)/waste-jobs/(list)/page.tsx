import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { WASTE_JOB_STATUSES } from "@/db/schema";
import { EmptyState } from "@/components/dashboard/empty-state";
import { Pager } from "@/components/dashboard/pager";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { WasteJobFiltersForm } from "@/components/waste-jobs/waste-job-filters-form";
import { WasteJobsTable } from "@/components/waste-jobs/waste-jobs-table";
import { WasteModuleMissing } from "@/components/waste-jobs/waste-module-missing";
import { parseWasteJobFilters, toWasteJobSearchParams, WASTE_JOBS_PAGE_SIZE } from "@/lib/dashboard/view/waste-job-filters";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { countWasteJobsByStatus } from "@/lib/fleet/waste/count-waste-jobs-by-status";
import { findWasteJobs } from "@/lib/fleet/waste/find-waste-jobs";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";

export const metadata = { title: "Waste jobs" };

const MAX_VEHICLES_IN_FILTER = 2_000;

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.wasteJobs.roles);
  const { timeZone, modules } = await companySettings(user.companyId);
  const db = getDb();
  const tenant = { db, companyId: user.companyId, dataset: "live" as const };
  if (!modules.includes("Waste")) return <WasteModuleMissing companyName={user.companyName} />;
  const { filters, query } = parseWasteJobFilters({ params: await searchParams, timeZone, now: new Date() });
  const [{ jobs, count }, countsByStatus, vehicles] = await Promise.all([
    findWasteJobs({ ...tenant, ...query, offset: filters.offset, limit: WASTE_JOBS_PAGE_SIZE }),
    countWasteJobsByStatus({ ...tenant, ...query }),
    listVehicles({ ...tenant, limit: MAX_VEHICLES_IN_FILTER }),
  ]);
  const params = toWasteJobSearchParams(filters);
  const withoutStatus = toWasteJobSearchParams({ ...filters, status: undefined });
  const statusHref = (status?: string) => {
    const next = new URLSearchParams(withoutStatus);
    if (status) next.set("status", status);
    return next.size ? `/waste-jobs?${next}` : "/waste-jobs";
  };
  const allCount = Object.values(countsByStatus).reduce((sum, n) => sum + n, 0);
  return (
    <section className="page">
      <LocalDataNotice subject="Waste jobs" reason="the fleet API has no waste jobs." />
      <div className="page-head">
        <h1>Waste jobs</h1>
        <span className="muted">Times in {timeZone}</span>
        <div className="actions">
          <a className="button-link" href={`/waste-jobs/export${params.size ? `?${params}` : ""}`} download data-testid="export-csv">
            Export CSV
          </a>
        </div>
      </div>
      <div className="stat-cards" aria-label="Jobs by status">
        <Link className="stat-card" href={statusHref()} aria-current={filters.status === undefined}>
          <span className="stat-value">{allCount.toLocaleString("en-US")}</span>
          <span className="stat-label">All statuses</span>
        </Link>
        {WASTE_JOB_STATUSES.map((status) => (
          <Link key={status} className="stat-card" href={statusHref(status)} aria-current={filters.status === status} data-testid={`status-count-${status}`}>
            <span className="stat-value">{(countsByStatus[status] ?? 0).toLocaleString("en-US")}</span>
            <span className="stat-label">{status === "InProgress" ? "In progress" : status}</span>
          </Link>
        ))}
      </div>
      <WasteJobFiltersForm filters={filters} vehicles={vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }))} />
      {jobs.length === 0 ? (
        <EmptyState title={count === 0 ? "No waste jobs match these filters" : "No jobs on this page"}>
          {count === 0 ? "Widen the scheduled range or clear a filter." : <Link href={`/waste-jobs?${params}`}>Back to the first page</Link>}
        </EmptyState>
      ) : (
        <WasteJobsTable jobs={jobs} timeZone={timeZone} />
      )}
      <Pager basePath="/waste-jobs" params={params} offset={filters.offset} limit={WASTE_JOBS_PAGE_SIZE} count={count} />
    </section>
  );
};

export default Page;
