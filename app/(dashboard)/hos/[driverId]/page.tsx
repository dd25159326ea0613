import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { HosNotTracked } from "@/components/hos/hos-not-tracked";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { ClockBar } from "@/components/hos/clock-bar";
import { DutyStatusBadge } from "@/components/hos/duty-status-badge";
import { EldConditions } from "@/components/hos/eld-conditions";
import { EldLogGraph } from "@/components/hos/eld-log-graph";
import { listActiveEldConditions } from "@/lib/hos/eld-events/active-eld-conditions";
import { ViolationsTable } from "@/components/hos/violations-table";
import { AssignmentSection } from "@/components/assignments/assignment-section";
import { findRecentAssignments } from "@/lib/fleet/assignments";
import { SECTIONS, canDo } from "@/lib/access/auth/role-policy";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { assignVehicleAction, endAssignmentAction } from "../../assignments/actions";
import { formatDuration } from "@/lib/dashboard/view/clock-level";
import { getClockLimitMs, HOS_CLOCKS } from "@/lib/dashboard/view/hos-board";
import { getDriverHos } from "@/lib/hos/records/get-driver-hos";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { LogEditList } from "@/components/hos/log-edit-list";
import { listLogEdits } from "@/lib/hos/logbook/log-edits";
import { dayInZone, formatCalendarDay, formatDateTime, formatTime, toLocalInput } from "@/lib/platform/zoned-time";
import { formatDistance } from "@/lib/platform/units";
import { proposeLogEditAction } from "./actions";
import { ProposeEditForm } from "./propose-edit-form";
import { pageRecord } from "@/app/_server/page-record";

export const metadata = { title: "Driver hours of service" };

const Page = async ({
  params,
  searchParams,
}: {
  params: Promise<{ driverId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) => {
  const user = await requireUser(SECTIONS.hos.roles);
  const { timeZone, distanceUnit, hosRules } = await companySettings(user.companyId);
  const { driverId } = await params;
  const { date } = await searchParams;
  // The driver's id and company were checked by layout.tsx, before the loading placeholder was sent.
  if (hosRules === "none") return <HosNotTracked title="Driver hours of service" canChange={canDo(user.role, "editCompanySettings")} />;
  const now = new Date();
  const hos = await pageRecord(getDriverHos({ db: getDb(), companyId: user.companyId, dataset: "live", driverId: Number(driverId), at: now }));
  const { driver, clocks, dailyLogs, log, violations, vehicleNames, currentVehicle } = hos;
  const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
  const canAssign = canDo(user.role, "assignVehicles");
  const canEditLog = canDo(user.role, "manageHosLogs");
  const [recentAssignments, vehicles, edits, conditions] = await Promise.all([
    findRecentAssignments({ ...tenant, of: { driverId: driver.id }, now }),
    canAssign ? listVehicles({ ...tenant, limit: 2_000 }) : [],
    listLogEdits({ ...tenant, driverId: driver.id }),
    listActiveEldConditions({ ...tenant, drivers: [{ driverId: driver.id, vehicleId: currentVehicle?.id ?? null }], now }),
  ]);
  // Without a chosen date, the latest day the driver worked: today is often still empty.
  const day = dailyLogs.find((d) => d.date === date) ?? dailyLogs.findLast((d) => d.onDutyMs > 0) ?? dailyLogs.at(-1);
  const today = dayInZone(now, driver.timezone);
  const dayBefore = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const vehicleLabel = (id: string | number) => vehicleNames.get(Number(id)) ?? `#${id}`;
  // The log itself runs on the driver's home-terminal clock (49 CFR 395.8); the rest of the page on the company's.
  const logTime = (instant: Date) => formatTime(instant, driver.timezone);
  const dayEntries = day ? log.filter((entry, i) => entry.startTime < day.endTime && (log[i + 1]?.startTime ?? now) > day.startTime) : [];
  const dayEdits = day ? edits.filter((edit) => edit.startTime >= day.startTime && edit.startTime < day.endTime) : [];
  return (
    <div className="page-stack">
      <section className="page">
        <LocalDataNotice subject="Hours of service" reason="the dashboard reads drivers and their logs from this service's database." />
        <div className="breadcrumb">
          <Link href="/hos">Hours of service</Link> / {driver.name}
        </div>
        <div className="page-head">
          <h1>{driver.name}</h1>
          <DutyStatusBadge status={clocks.currentStatus} />
          {clocks.currentStatusStartedAt && <span className="muted">since {formatDateTime(clocks.currentStatusStartedAt, timeZone)}</span>}
        </div>
        <div className="driver-summary">
          {HOS_CLOCKS.map((clock) => (
            <div key={clock.key}>
              <div className="label">{clock.label} left</div>
              <ClockBar label={clock.label} remainingMs={clocks[clock.field]} limitMs={getClockLimitMs(clock.key, driver.hosRuleset)} />
            </div>
          ))}
        </div>
        <p className="muted" style={{ margin: 0, fontSize: "0.85rem" }}>
          Ruleset {driver.hosRuleset === "us60_7" ? "60 h / 7 days" : "70 h / 8 days"} · home terminal time {driver.timezone} · vehicle{" "}
          {currentVehicle?.name ?? "none"}
        </p>
      </section>
      <EldConditions conditions={conditions} timeZone={timeZone} vehicleName={vehicleLabel} audience="carrier" />
      <section className="page">
        <div className="page-head">
          <h2 style={{ margin: 0 }}>Daily log</h2>
          <nav className="day-picker" aria-label="Days">
            {dailyLogs.map((d) => (
              <Link key={d.date} href={`/hos/${driver.id}?date=${d.date}`} aria-current={d.date === day?.date ? "date" : undefined}>
                {formatCalendarDay(d.date)}
              </Link>
            ))}
          </nav>
        </div>
        {!day ? (
          <EmptyState title="No log days">This driver's logbook has no duty status yet: days appear here once they go on duty.</EmptyState>
        ) : (
          <>
            <ScrollRegion label="Duty-status graph of the day" className="eld-scroll">
              <EldLogGraph log={log} dayStart={day.startTime} dayEnd={day.endTime} until={now} timezone={driver.timezone} />
            </ScrollRegion>
            <dl className="recap" data-testid="daily-recap">
              <div>
                <dt>On duty (D + ON)</dt>
                <dd>{formatDuration(day.onDutyMs)}</dd>
              </div>
              <div>
                <dt>Driving</dt>
                <dd>{formatDuration(day.durationsMs.driving)}</dd>
              </div>
              <div>
                <dt>Distance</dt>
                <dd>{formatDistance(day.distanceMeters, distanceUnit, 0)}</dd>
              </div>
              <div>
                <dt>Cycle used</dt>
                <dd>{formatDuration(day.recap.cycleUsedMs)}</dd>
              </div>
              <div>
                <dt>Available tomorrow</dt>
                <dd>{formatDuration(day.recap.availableTomorrowMs)}</dd>
              </div>
              <div>
                <dt>Vehicles</dt>
                <dd>{day.vehicleIds.length ? day.vehicleIds.map(vehicleLabel).join(", ") : "—"}</dd>
              </div>
            </dl>
            <h2>Recap: on-duty hours of the cycle</h2>
            <ScrollRegion label="Cycle recap by day">
              <table className="data">
                <thead>
                  <tr>
                    {day.recap.cycleDays.map((d) => (
                      <th key={d.date} className="num">
                        {formatCalendarDay(d.date)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    {day.recap.cycleDays.map((d) => (
                      <td key={d.date} className="num">
                        {formatDuration(d.onDutyMs)}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </ScrollRegion>
            <h2>Entries</h2>
            <ScrollRegion label="Log entries of the day">
              <table className="data" data-testid="log-entries">
                <thead>
                  <tr>
                    <th>Start ({driver.timezone})</th>
                    <th>Status</th>
                    <th>Vehicle</th>
                    <th>Location</th>
                    <th>Remark</th>
                  </tr>
                </thead>
                <tbody>
                  {dayEntries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{entry.startTime < day.startTime ? `${logTime(entry.startTime)} (day before)` : logTime(entry.startTime)}</td>
                      <td>{DUTY_STATUS_NAMES[entry.status].name}</td>
                      <td>{entry.vehicleId ? vehicleLabel(entry.vehicleId) : "—"}</td>
                      <td>{entry.locationName ?? "—"}</td>
                      <td>{entry.remark || <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <h2>Edits</h2>
            {canEditLog && (
              <ProposeEditForm
                action={proposeLogEditAction.bind(null, driver.id)}
                entries={dayEntries.map((entry) => ({
                  id: entry.id,
                  label: `${logTime(entry.startTime)} ${DUTY_STATUS_NAMES[entry.status].name}`,
                  status: entry.status,
                  start: entry.startTime.toISOString(),
                  startLocal: toLocalInput(entry.startTime, driver.timezone),
                  remark: entry.remark,
                }))}
                dayStartLocal={toLocalInput(day.startTime, driver.timezone)}
              />
            )}
            {dayEdits.length === 0 ? (
              <p className="muted">No edits proposed for this day.</p>
            ) : (
              <LogEditList edits={dayEdits} log={log} timeZone={driver.timezone} />
            )}
          </>
        )}
      </section>
      <AssignmentSection
        subject={{ kind: "driver", name: driver.name }}
        now={currentVehicle}
        control={
          canAssign
            ? {
                options: vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name })),
                assign: assignVehicleAction.bind(null, driver.id),
                end: endAssignmentAction,
              }
            : null
        }
        history={recentAssignments}
        timeZone={timeZone}
      />
      <section className="page">
        <h2 style={{ marginTop: 0 }}>Violations, last 8 days</h2>
        {violations.length === 0 ? (
          <EmptyState title="No violations">No driving past a limit in these days.</EmptyState>
        ) : (
          <ViolationsTable violations={[...violations].reverse()} timeZone={timeZone} />
        )}
      </section>
      {canEditLog && (
        <section className="page" aria-labelledby="eld-file-heading">
          <h2 id="eld-file-heading" style={{ marginTop: 0 }}>
            ELD output file
          </h2>
          <p className="muted">
            The driver&apos;s records as the file an inspector reads (49 CFR 395 Appendix A): today and the previous 7 days, or chosen days within six months,
            on the driver&apos;s home terminal calendar. Each download is in the audit log.
          </p>
          <form method="get" action={`/hos/${driver.id}/eld-file`} className="form">
            <label>
              From
              <input type="date" name="start" min={dayBefore(today, 183)} max={today} />
            </label>
            <label>
              To
              <input type="date" name="end" min={dayBefore(today, 183)} max={today} />
            </label>
            <label>
              Output file comment
              <input name="comment" maxLength={60} autoComplete="off" />
            </label>
            <button type="submit" className="button">
              Download
            </button>
          </form>
        </section>
      )}
    </div>
  );
};

export default Page;
