import { Link } from "@/components/ui/link";
import { companySettings } from "@/app/_server/company-settings";
import { requireDriver } from "@/app/_server/driver-session";
import { getDb } from "@/db/client";
import { EmptyState } from "@/components/dashboard/empty-state";
import { LocalDataNotice } from "@/components/dashboard/local-data-notice";
import { ClockBar } from "@/components/hos/clock-bar";
import { DutyStatusBadge } from "@/components/hos/duty-status-badge";
import { EldConditionFlags, EldConditions } from "@/components/hos/eld-conditions";
import { EldLogGraph } from "@/components/hos/eld-log-graph";
import { listActiveEldConditions } from "@/lib/hos/eld-events/active-eld-conditions";
import { eldTransferMethods } from "@/lib/hos/eld-transfer";
import { VIOLATION_LABELS } from "@/components/hos/violations-table";
import { AutoRefresh } from "@/components/ui/auto-refresh";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatDuration } from "@/lib/dashboard/view/clock-level";
import { getClockLimitMs, HOS_CLOCKS } from "@/lib/dashboard/view/hos-board";
import { DUTY_STATUS_NAMES } from "@/lib/hos/rules";
import { getLogbook } from "@/lib/hos/logbook/get-logbook";
import { formatCalendarDay, formatDateTime, formatTime } from "@/lib/platform/zoned-time";
import { formatDistance } from "@/lib/platform/units";
import { LogEditList } from "@/components/hos/log-edit-list";
import { OpenDefects } from "./open-defects";
import { ReviewLastInspection } from "./review-last-inspection";
import { ProposedVehicle } from "./proposed-vehicle";
import { choosableStatuses } from "@/lib/hos/records/chosen-duty-statuses";
import { PulledTrailers } from "./pulled-trailers";
import { CertifyDayForm, DriveAnswer, EldFileHandOver, LogEditAnswer, SignOutButton, StatusChanger, StopPrompt } from "./page-client";
import "@/components/dashboard/dashboard-pages.css";
import "./logbook.css";

export const metadata = { title: "Logbook" };
export const dynamic = "force-dynamic";

const LogbookPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const signedIn = await requireDriver();
  const { date } = await searchParams;
  const { distanceUnit, hosRules } = await companySettings(signedIn.companyId);
  if (hosRules === "none") {
    return (
      <main className="logbook">
        <header className="logbook-head">
          <div>
            <h1>Logbook</h1>
            <p className="muted">{signedIn.companyName}</p>
          </div>
          <SignOutButton />
        </header>
        <section className="page">
          <div className="empty-state" role="status" data-testid="hos-not-tracked">
            <strong>Hours of service are not tracked for this company</strong>
            <p className="muted">{signedIn.companyName} keeps no HOS rules, so there is no duty status to log here. Ask your manager if this looks wrong.</p>
          </div>
        </section>
      </main>
    );
  }
  const now = new Date();
  const logbook = await getLogbook({ db: getDb(), companyId: signedIn.companyId, dataset: signedIn.dataset, driverId: signedIn.driverId, now });
  const { driver, clocks, dailyLogs, log, violations, vehicleNames, certifiedDates, assignments, edits, vehicleId, stopPrompt } = logbook;
  const pendingEdits = edits.filter((edit) => edit.state === "pending");
  const today = dailyLogs.at(-1);
  const day = dailyLogs.find((d) => d.date === date) ?? today;
  const tz = driver.timezone;
  const dayEntries = day ? log.filter((entry, i) => entry.startTime < day.endTime && (log[i + 1]?.startTime ?? now) > day.startTime) : [];
  const dayEdits = day ? edits.filter((edit) => edit.state !== "pending" && edit.startTime >= day.startTime && edit.startTime < day.endTime) : [];
  const vehicleLabel = (id: string | number) => vehicleNames.get(Number(id)) ?? `#${id}`;
  const conditions = await listActiveEldConditions({
    db: getDb(),
    companyId: signedIn.companyId,
    dataset: signedIn.dataset,
    drivers: [{ driverId: signedIn.driverId, vehicleId }],
    now,
  });
  return (
    <main className="logbook">
      {/* Driving starts from the vehicle, without a tap. */}
      <AutoRefresh />
      <header className="logbook-head">
        <div>
          <div className="logbook-title">
            <h1>Logbook</h1>
            <EldConditionFlags conditions={conditions} />
          </div>
          <p className="muted">
            {driver.name} · {signedIn.companyName}
          </p>
        </div>
        <SignOutButton />
      </header>
      <LocalDataNotice subject="The logbook" reason="your log is kept in this service's database." />
      {stopPrompt && (
        <StopPrompt
          key={stopPrompt.id}
          restedAt={formatTime(stopPrompt.restedAt, driver.timezone)}
          dueAt={formatTime(stopPrompt.dueAt, driver.timezone, { seconds: true })}
        />
      )}
      <EldConditions conditions={conditions} timeZone={tz} vehicleName={vehicleLabel} audience="driver" />
      {vehicleId !== null && (
        <ReviewLastInspection
          db={getDb()}
          companyId={signedIn.companyId}
          dataset={signedIn.dataset}
          vehicleId={vehicleId}
          driverId={signedIn.driverId}
          timeZone={driver.timezone}
        />
      )}
      <section className="page" aria-labelledby="now-heading">
        <h2 id="now-heading">Now</h2>
        <div className="logbook-current" data-testid="current-status">
          <DutyStatusBadge status={clocks.currentStatus} />
          {clocks.currentStatusStartedAt && <span className="muted">since {formatTime(clocks.currentStatusStartedAt, tz)}</span>}
        </div>
        <dl className="logbook-clocks">
          {HOS_CLOCKS.map((clock) => (
            <div key={clock.key}>
              <dt>{clock.label} left</dt>
              <dd>
                <ClockBar label={clock.label} remainingMs={clocks[clock.field]} limitMs={getClockLimitMs(clock.key, driver.hosRuleset)} />
              </dd>
            </div>
          ))}
        </dl>
        <StatusChanger current={clocks.currentStatus} choices={choosableStatuses(driver)} />
        <p>
          <Link href={vehicleId ? `/logbook/inspection?vehicle=${vehicleId}` : "/logbook/inspection"} className="button">
            Vehicle inspection
          </Link>
        </p>
      </section>
      <ProposedVehicle db={getDb()} companyId={signedIn.companyId} dataset={signedIn.dataset} driverId={signedIn.driverId} now={now} />
      <PulledTrailers db={getDb()} companyId={signedIn.companyId} dataset={signedIn.dataset} driverId={signedIn.driverId} />
      {vehicleId !== null && (
        <OpenDefects db={getDb()} companyId={signedIn.companyId} dataset={signedIn.dataset} vehicleId={vehicleId} timeZone={driver.timezone} />
      )}
      {assignments.length > 0 && (
        <section className="page" aria-labelledby="drives-heading">
          <h2 id="drives-heading">Drives assigned to you</h2>
          <p className="muted">Your manager thinks you drove these while nobody was signed in. Accepted, a drive becomes your driving time.</p>
          <ul className="logbook-cards">
            {assignments.map((segment) => (
              <li key={segment.id} className="logbook-card" data-testid="assigned-drive">
                <strong>{segment.vehicle.name}</strong>
                <span>
                  {formatTime(segment.startTime, tz)}–{formatTime(segment.endTime, tz)} · {formatDistance(segment.distanceMeters, distanceUnit)}
                </span>
                <span className="muted">
                  {segment.from ?? "—"} → {segment.to ?? "—"}
                </span>
                <DriveAnswer segmentId={segment.id} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {pendingEdits.length > 0 && (
        <section className="page" aria-labelledby="edits-heading">
          <h2 id="edits-heading">Edits to your log</h2>
          <p className="muted">
            Your manager proposes these changes. Your log changes only if you accept; accepting an edit of a certified day means certifying it again.
          </p>
          <LogEditList edits={pendingEdits} log={log} timeZone={tz} answer={(edit) => <LogEditAnswer editId={edit.id} />} />
        </section>
      )}
      <section className="page" aria-labelledby="day-heading">
        <h2 id="day-heading">{day ? (day === today ? "Today" : formatCalendarDay(day.date)) : "Today"}</h2>
        <nav className="day-picker" aria-label="Last 8 days">
          {dailyLogs.map((d) => (
            <Link key={d.date} href={`/logbook?date=${d.date}`} aria-current={d.date === day?.date ? "date" : undefined}>
              {formatCalendarDay(d.date)}
              {certifiedDates.has(d.date) ? " ✓" : ""}
            </Link>
          ))}
        </nav>
        {!day ? (
          <EmptyState title="No log yet">Your days appear here once you go on duty.</EmptyState>
        ) : (
          <>
            <ScrollRegion label="Duty-status graph of the day" className="eld-scroll">
              <EldLogGraph log={log} dayStart={day.startTime} dayEnd={day.endTime} until={now} timezone={tz} />
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
                <dt>Distance driven</dt>
                <dd>{formatDistance(day.distanceMeters, distanceUnit)}</dd>
              </div>
              <div>
                <dt>Vehicles</dt>
                <dd>{day.vehicleIds.length ? day.vehicleIds.map(vehicleLabel).join(", ") : "—"}</dd>
              </div>
            </dl>
            <h3>Entries ({tz})</h3>
            {dayEntries.length === 0 ? (
              <p className="muted">No entries this day.</p>
            ) : (
              <ol className="logbook-cards" data-testid="log-entries">
                {dayEntries.map((entry) => (
                  <li key={entry.id} className="logbook-card">
                    <strong>
                      {entry.startTime < day.startTime ? "from the day before" : formatTime(entry.startTime, tz)} · {DUTY_STATUS_NAMES[entry.status].name}
                    </strong>
                    <span>{entry.locationName ?? "—"}</span>
                    {entry.vehicleId && <span className="muted">{vehicleLabel(entry.vehicleId)}</span>}
                    {entry.remark && <span className="muted">“{entry.remark}”</span>}
                  </li>
                ))}
              </ol>
            )}
            {dayEdits.length > 0 && (
              <>
                <h3>Edits</h3>
                <LogEditList edits={dayEdits} log={log} timeZone={tz} />
              </>
            )}
            {certifiedDates.has(day.date) ? (
              <p className="form-saved" data-testid="certified">
                You certified {day === today ? "today" : formatCalendarDay(day.date)}.
              </p>
            ) : (
              <CertifyDayForm date={day.date} label={day === today ? "today" : formatCalendarDay(day.date)} />
            )}
          </>
        )}
      </section>
      <section className="page" aria-labelledby="violations-heading">
        <h2 id="violations-heading">Violations, last 8 days</h2>
        {violations.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="logbook-cards">
            {violations.map((violation) => (
              <li key={`${violation.type}-${violation.startTime.getTime()}`} className="logbook-card">
                <strong>{VIOLATION_LABELS[violation.type].title}</strong>
                <span>
                  {formatDateTime(violation.startTime, tz)} · {formatDuration(violation.durationMs)} over
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="page" aria-labelledby="inspection-heading">
        <h2 id="inspection-heading">Roadside inspection</h2>
        <p className="muted">Your records of today and the previous 7 days as the ELD output file an inspector reads (49 CFR 395).</p>
        <EldFileHandOver transfers={eldTransferMethods()} />
        <p>
          <Link href="/logbook/roadside" className="button">
            Show the inspector my records
          </Link>
        </p>
      </section>
    </main>
  );
};

export default LogbookPage;
