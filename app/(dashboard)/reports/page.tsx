import { companySettings } from "@/app/_server/company-settings";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { DailyDistanceChart } from "@/components/reports/daily-distance-chart";
import { ReportForm } from "@/components/reports/report-form";
import { ReportPager } from "@/components/reports/report-pager";
import { ReportTable } from "@/components/reports/report-table";
import { ReportSchedules } from "@/components/reports/report-schedules";
import { createReportScheduleAction, deleteReportScheduleAction } from "./actions";
import { canDo, SECTIONS } from "@/lib/access/auth/role-policy";
import { isMailQueued } from "@/lib/outbound/mail/queue-mail";
import { listReportSchedules } from "@/lib/reports/report-schedules";
import { listDrivers } from "@/lib/fleet/drivers";
import { AppError } from "@/lib/platform/errors";
import { buildReport } from "@/lib/reports/build-report";
import { parseReportParams, REPORT_LABELS, toReportSearch, type ReportKind } from "@/lib/reports/report-params";
import { pageOfReport } from "@/lib/reports/report-page";
import { distancePerDay } from "@/lib/reports/report-table";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";

export const metadata = { title: "Reports" };

const Page = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const user = await requireUser(SECTIONS.reports.roles);
  const { timeZone } = await companySettings(user.companyId);
  const db = getDb();
  const tenant = { companyId: user.companyId, dataset: "live" as const };
  const now = new Date();
  let problem: string | null = null;
  let params;
  try {
    params = parseReportParams({ params: await searchParams, timeZone, now });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "bad_request")) throw error;
    problem = `${error.message} Showing yesterday's and today's trips instead.`;
    params = parseReportParams({ params: {}, timeZone, now });
  }
  const [vehicles, drivers, report, schedules] = await Promise.all([
    // Trailers have reports as vehicles do.
    listVehicles({ db, ...tenant, kind: "any", limit: 5_000 }),
    listDrivers({ db, ...tenant, limit: 5_000 }),
    buildReport({ db, tenant, params, timeZone }),
    listReportSchedules({ db, ...tenant }),
  ]);
  const vehicleNames = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
  const driverNames = new Map(drivers.map((driver) => [driver.id, driver.name]));
  const describe = (kind: string, vehicleIds: readonly number[], driverIds: readonly number[]) =>
    [
      REPORT_LABELS[kind as ReportKind] ?? kind,
      ...(vehicleIds.length > 0 ? [`vehicles ${vehicleIds.map((id) => vehicleNames.get(id) ?? `#${id}`).join(", ")}`] : []),
      ...(driverIds.length > 0 ? [`drivers ${driverIds.map((id) => driverNames.get(id) ?? `#${id}`).join(", ")}`] : []),
    ].join(", ");
  const scheduleViews = schedules.map((row) => ({
    id: row.id,
    report: describe(row.kind, row.vehicleIds, row.driverIds),
    frequency: row.frequency === "daily" ? "Day" : "Week",
    recipients: row.recipients.join(", "),
  }));
  const shown = {
    kind: params.kind,
    vehicleIds: params.vehicleIds ?? [],
    driverIds: params.driverIds ?? [],
    label: describe(params.kind, params.vehicleIds ?? [], params.driverIds ?? []),
  };
  // The exports hold every row: their links name the report, not the page shown.
  const search = toReportSearch(params).toString();
  const shownPage = pageOfReport({ rows: report.rows, page: params.page });
  // The report's heading as the target: a phone lands on the table, not the top of the page.
  const pageHref = (page: number) => `/reports?${toReportSearch(params, { page }).toString()}#report-heading`;
  const chartDays = params.kind === "daily" ? distancePerDay(report) : [];
  return (
    <section className="page">
      <LocalDataNotice subject="Reports" reason="the fleet API's trips are not read here." />
      <div className="page-head">
        <h1>Reports</h1>
        <span className="muted">Times in {timeZone}</span>
        <div className="actions">
          <a className="button-link" href={`/reports/export?${search}&format=csv`} download data-testid="export-csv">
            Export CSV
          </a>
          <a className="button-link" href={`/reports/export?${search}&format=xlsx`} download data-testid="export-xlsx">
            Export Excel
          </a>
        </div>
      </div>
      <ReportForm params={params} vehicles={vehicles} drivers={drivers} />
      {problem ? (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      ) : null}
      <h2 id="report-heading">
        {report.title}, {params.from} to {params.to}
      </h2>
      {chartDays.length > 0 ? <DailyDistanceChart days={chartDays} unit={report.units.distance} /> : null}
      {report.rows.length === 0 ? (
        <p className="muted" data-testid="report-empty">
          Nothing in this range.
        </p>
      ) : (
        <>
          <ReportTable report={report} rows={shownPage.rows} timeZone={timeZone} />
          <ReportPager shown={shownPage} pageHref={pageHref} />
        </>
      )}
      <ReportSchedules
        schedules={scheduleViews}
        shown={shown}
        canSchedule={canDo(user.role, "scheduleReports")}
        mailConfigured={isMailQueued()}
        createSchedule={createReportScheduleAction}
        deleteSchedule={deleteReportScheduleAction}
      />
    </section>
  );
};

export default Page;
