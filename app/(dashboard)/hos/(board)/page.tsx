import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { HosNotTracked } from "@/components/hos/hos-not-tracked";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { ClockBar } from "@/components/hos/clock-bar";
import { DutyStatusBadge } from "@/components/hos/duty-status-badge";
import { EldConditionFlags } from "@/components/hos/eld-conditions";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { getClockLimitMs, HOS_CLOCKS, isOutOfTime, parseHosSort, sortHosBoard, type HosSortKey } from "@/lib/dashboard/view/hos-board";
import { listHosBoard } from "@/lib/hos/records/list-hos-board";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { formatTime } from "@/lib/platform/zoned-time";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata = { title: "Hours of service" };

/** A sortable column's header cell: `aria-sort` on the cell, a link that sorts by it inside. */
const SortHeader = ({ sort, current, children }: { sort: HosSortKey; current: HosSortKey; children: string }) => (
  <th aria-sort={sort === current ? "ascending" : undefined}>
    <Link href={`/hos?sort=${sort}`} title={sort === "name" ? "Sort by name" : `Least ${children.toLowerCase()} time left first`}>
      {children}
      {sort === current && (
        <span className="sort-mark" aria-hidden>
          ▲
        </span>
      )}
    </Link>
  </th>
);

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.hos.roles);
  const { timeZone, hosRules } = await companySettings(user.companyId);
  if (hosRules === "none") return <HosNotTracked title="Hours of service" canChange={canDo(user.role, "editCompanySettings")} />;
  const { sort: rawSort } = await searchParams;
  const sort = parseHosSort(Array.isArray(rawSort) ? rawSort[0] : rawSort);
  const now = new Date();
  const board = await listHosBoard({ db: getDb(), companyId: user.companyId, dataset: "live", at: now });
  const rows = sortHosBoard(
    board.map((row) => ({ ...row, name: row.driver.name })),
    sort,
  );
  const withMalfunction = board.filter((row) => row.conditions.some((condition) => condition.kind === "malfunction")).length;
  const outOfTime = rows.filter((row) => isOutOfTime(row.clocks)).length;
  const driving = rows.filter((row) => row.clocks.currentStatus === "driving").length;
  return (
    <section className="page">
      <LocalDataNotice subject="Hours of service" reason="the dashboard reads drivers and their logs from this service's database." />
      <div className="page-head">
        <h1>Hours of service</h1>
        <span className="muted">Clocks as of {formatTime(now, timeZone)} · amber under 1 h, red at 0</span>
        <div className="actions">
          <Link href="/hos/violations" className="button-link">
            Violations
          </Link>
          <Link href="/hos/unassigned" className="button-link">
            Unassigned driving
          </Link>
        </div>
      </div>
      <div className="stat-cards">
        <div className="stat-card">
          <span className="stat-value">{rows.length}</span>
          <span className="stat-label">Active drivers</span>
        </div>
        <div className="stat-card">
          <span className="stat-value">{driving}</span>
          <span className="stat-label">Driving now</span>
        </div>
        <div className="stat-card">
          <span className="stat-value" data-testid="out-of-time-count">
            {outOfTime}
          </span>
          <span className="stat-label">Out of time (drive, shift or cycle at 0)</span>
        </div>
        <div className="stat-card">
          <span className="stat-value" data-testid="eld-malfunction-count">
            {withMalfunction}
          </span>
          <span className="stat-label">With an ELD malfunction (M; D: a data diagnostic)</span>
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No active drivers">
          Each driver's drive, shift, break and cycle time left appears here once they are added under Drivers and their logbook records a duty status.
        </EmptyState>
      ) : (
        <ScrollRegion label="Drivers' hours of service">
          <table className="data cards-on-phone" data-testid="hos-table">
            <thead>
              <tr>
                <SortHeader sort="name" current={sort}>
                  Driver
                </SortHeader>
                <th>Status</th>
                <th>Vehicle</th>
                {HOS_CLOCKS.map((clock) => (
                  <SortHeader key={clock.key} sort={clock.key} current={sort}>
                    {clock.label}
                  </SortHeader>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ driver, clocks, vehicle, conditions }) => (
                <tr key={driver.id} data-testid="hos-row" data-drive-ms={clocks.driveRemainingMs}>
                  <td className="card-title">
                    <Link href={`/hos/${driver.id}`}>{driver.name}</Link> <EldConditionFlags conditions={conditions} />
                  </td>
                  <td data-label="Status">
                    <DutyStatusBadge status={clocks.currentStatus} />
                  </td>
                  <td data-label="Vehicle">{vehicle?.name ?? <span className="muted">—</span>}</td>
                  {HOS_CLOCKS.map((clock) => (
                    <td key={clock.key} data-label={clock.label}>
                      <ClockBar label={clock.label} remainingMs={clocks[clock.field]} limitMs={getClockLimitMs(clock.key, driver.hosRuleset)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
};

export default Page;
