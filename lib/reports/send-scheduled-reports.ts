import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { companies, reportSchedules } from "@/db/schema";
import { getPublicOrigin } from "@/lib/platform/config";
import { countOf } from "@/lib/platform/plural";
import { isMailQueued, queueMail } from "@/lib/outbound/mail/queue-mail";
import { buildReport } from "./build-report";
import { reportToCsv } from "./export-report";
import { parseReportParams, REPORT_LABELS, toReportSearch, type ReportKind } from "./report-params";
import type { ReportScheduleRow } from "./report-schedules";
import { lastCompletePeriod } from "./schedule-period";

/** The schedule's report for one period, as a mail to each recipient with the CSV attached. */
const reportMails = async ({
  db,
  schedule,
  period,
  timeZone,
}: {
  db: Executor;
  schedule: ReportScheduleRow;
  period: { from: string; to: string };
  timeZone: string;
}) => {
  const params = parseReportParams({
    params: { kind: schedule.kind, vehicleIds: schedule.vehicleIds.map(String), driverIds: schedule.driverIds.map(String), ...period },
    timeZone,
    now: new Date(),
  });
  const report = await buildReport({ db, tenant: { companyId: schedule.companyId, dataset: schedule.dataset }, params, timeZone });
  const label = REPORT_LABELS[schedule.kind as ReportKind];
  const days = period.from === period.to ? period.from : `${period.from} to ${period.to}`;
  const subject = `${label}, ${days}`;
  const body = [
    `Your ${schedule.frequency} ${label.toLowerCase()} report for ${days} (${timeZone}) is attached as ` + `CSV: ${countOf(report.rows.length, "row")}.`,
    "",
    `See it on the Reports page: ${getPublicOrigin()}/reports?${toReportSearch(params).toString()}`,
  ].join("\n");
  const attachment = {
    filename: `${schedule.kind}-${period.from}-${period.to}.csv`,
    contentType: "text/csv; charset=utf-8",
    content: reportToCsv(report, timeZone),
  };
  return schedule.recipients.map((recipient) => ({ recipient, subject, body, attachments: [attachment] }));
};

/**
 * Mails one schedule's last complete period if it has not been mailed yet: under the schedule row's
 * lock (SKIP LOCKED: an instance already on it is left to it), the report is built, its mails queued
 * and `last_period_start` moved, in one transaction, so each period goes out exactly once.
 */
const sendDue = (db: Executor, { companyId, id }: { companyId: number; id: number }, now: Date) =>
  db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.id, id)))
      .for("update", { skipLocked: true });
    if (!schedule) return false;
    const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
    const period = lastCompletePeriod({ frequency: schedule.frequency, now, timeZone: company.timeZone });
    if (period.from <= schedule.lastPeriodStart) return false;
    await queueMail({
      db: tx,
      companyId,
      dataset: schedule.dataset,
      kind: "report",
      messages: await reportMails({ db: tx, schedule, period, timeZone: company.timeZone }),
    });
    await tx
      .update(reportSchedules)
      .set({ lastPeriodStart: period.from })
      .where(and(eq(reportSchedules.companyId, companyId), eq(reportSchedules.id, id)));
    return true;
  });

/**
 * A background job (once a minute across instances: lib/runtime/boot/background-jobs.ts): mails every
 * schedule whose last complete period is newer than the last one it mailed. Without SMTP_URL it does
 * nothing, so once mail is set up the latest period goes out (not a backlog). Returns how many
 * schedules were mailed.
 */
export const sendScheduledReports = async ({ db, now = new Date() }: { db: Executor; now?: Date }) => {
  if (!isMailQueued()) return 0;
  // Every schedule (a small table); which are due is decided under each one's lock.
  const schedules = await db.select({ companyId: reportSchedules.companyId, id: reportSchedules.id }).from(reportSchedules);
  let sent = 0;
  for (const schedule of schedules) if (await sendDue(db, schedule, now)) sent += 1;
  return sent;
};
