import { Link } from "@/components/ui/link";
import { FilterActions, FilterSelect } from "@/components/dashboard/filter-fields";
import { companySettings } from "@/app/_server/company-settings";
import { HosNotTracked } from "@/components/hos/hos-not-tracked";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { VIOLATION_LABELS, ViolationsTable } from "@/components/hos/violations-table";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { parseViolationFilters, VIOLATION_TYPES } from "@/lib/dashboard/view/violation-filters";
import { listFleetViolations } from "@/lib/hos/records/list-fleet-violations";
import { listDrivers } from "@/lib/fleet/drivers";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";

export const metadata = { title: "HOS violations" };

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.hos.roles);
  const { timeZone, hosRules } = await companySettings(user.companyId);
  if (hosRules === "none") return <HosNotTracked title="HOS violations" canChange={canDo(user.role, "editCompanySettings")} />;
  const filters = parseViolationFilters({ params: await searchParams, timeZone, now: new Date() });
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const [violations, drivers] = await Promise.all([
    listFleetViolations({ ...tenant, from: filters.start, to: filters.end, driverId: filters.driverId }),
    listDrivers({ ...tenant, limit: 5_000 }),
  ]);
  const countsByType = Object.fromEntries(VIOLATION_TYPES.map((type) => [type, violations.filter((v) => v.type === type).length]));
  const shown = filters.type ? violations.filter((v) => v.type === filters.type) : violations;
  const typeHref = (type?: string) => {
    const params = new URLSearchParams({ from: filters.from, to: filters.to });
    if (filters.driverId) params.set("driver", String(filters.driverId));
    if (type) params.set("type", type);
    return `/hos/violations?${params}`;
  };
  return (
    <section className="page">
      <LocalDataNotice subject="HOS violations" reason="the dashboard reads drivers and their logs from this service's database." />
      <div className="breadcrumb">
        <Link href="/hos">Hours of service</Link> / Violations
      </div>
      <div className="page-head">
        <h1>HOS violations</h1>
        <span className="muted">
          {filters.from} to {filters.to} · times in {timeZone}
        </span>
      </div>
      <div className="stat-cards" aria-label="Violations by type">
        <Link className="stat-card" href={typeHref()} aria-current={filters.type === undefined}>
          <span className="stat-value">{violations.length}</span>
          <span className="stat-label">All types</span>
        </Link>
        {VIOLATION_TYPES.map((type) => (
          <Link key={type} className="stat-card" href={typeHref(type)} aria-current={filters.type === type} data-testid={`violation-count-${type}`}>
            <span className="stat-value">{countsByType[type]}</span>
            <span className="stat-label">{VIOLATION_LABELS[type].title}</span>
          </Link>
        ))}
      </div>
      <form className="filters" method="get" action="/hos/violations" aria-label="Filters">
        <FilterSelect
          label="Driver"
          name="driver"
          allLabel="All drivers"
          options={[...drivers].sort((a, b) => a.name.localeCompare(b.name)).map((driver) => ({ value: driver.id, label: driver.name }))}
          selected={filters.driverId}
        />
        <FilterSelect
          label="Type"
          name="type"
          allLabel="All types"
          options={VIOLATION_TYPES.map((type) => ({ value: type, label: VIOLATION_LABELS[type].title }))}
          selected={filters.type}
        />
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <FilterActions submitLabel="Apply" clearHref="/hos/violations" />
      </form>
      {shown.length === 0 ? (
        <EmptyState title="No violations in this range">No driver drove past a limit with these filters.</EmptyState>
      ) : (
        <ViolationsTable violations={shown} timeZone={timeZone} />
      )}
    </section>
  );
};

export default Page;
