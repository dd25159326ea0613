"use client";

import type { ActionResult } from "@/lib/access/actions";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormEvent } from "react";
import { useActionCall } from "@/components/ui/use-action-call";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ClientButton } from "@/components/ui/client-button";

export type ScheduleView = { id: number; report: string; frequency: string; recipients: string };
type ShownReport = { kind: string; vehicleIds: number[]; driverIds: number[]; label: string };

/**
 * The company's scheduled report e-mails, and (admins and managers) a form that schedules the
 * report shown, with its vehicles and drivers, daily or weekly to a list of addresses.
 */
export const ReportSchedules = ({
  schedules,
  shown,
  canSchedule,
  mailConfigured,
  createSchedule,
  deleteSchedule,
}: {
  /** The page's server actions (passed down: components import no server code). */
  createSchedule: (input: unknown) => Promise<ActionResult>;
  deleteSchedule: (scheduleId: number) => Promise<ActionResult>;
  schedules: ScheduleView[];
  shown: ShownReport;
  canSchedule: boolean;
  mailConfigured: boolean;
}) => {
  const { run, pending: isPending, message } = useActionCall({ refresh: true });
  // A submit handler, not a form action: a refused schedule keeps what was typed (an action resets the form).
  const schedule = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const recipients = String(form.get("recipients") ?? "")
      .split(/[\s,;]+/)
      .filter((address) => address !== "");
    const input = { kind: shown.kind, vehicleIds: shown.vehicleIds, driverIds: shown.driverIds, frequency: form.get("frequency"), recipients };
    run(
      () => createSchedule(input),
      () => {
        formElement.reset();
        return "Report scheduled.";
      },
    );
  };

  return (
    <section aria-labelledby="report-schedules-heading">
      <h2 id="report-schedules-heading">Scheduled e-mails</h2>
      {!mailConfigured && <p className="muted">Mail is not set up on this server (SMTP_URL): scheduled reports are not sent.</p>}
      {message && (
        <p role="status" className="form-message">
          {message}
        </p>
      )}
      {schedules.length === 0 ? (
        <p className="muted">No scheduled reports.</p>
      ) : (
        <ScrollRegion label="Scheduled reports">
          <table className="data cards-on-phone" data-testid="report-schedules">
            <thead>
              <tr>
                <th scope="col">Report</th>
                <th scope="col">Every</th>
                <th scope="col">To</th>
                {canSchedule && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {schedules.map((row) => (
                <tr key={row.id}>
                  <td data-label="Report">{row.report}</td>
                  <td data-label="Every">{row.frequency}</td>
                  <td data-label="To">{row.recipients}</td>
                  {canSchedule && (
                    <td data-label="Actions">
                      <ClientButton
                        className="button-danger"
                        disabled={isPending}
                        onClick={() =>
                          run(
                            () => deleteSchedule(row.id),
                            () => "Schedule deleted.",
                          )
                        }
                      >
                        Delete schedule {row.id}
                      </ClientButton>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {canSchedule && (
        <form className="filters" aria-label="Schedule this report" onSubmit={schedule}>
          <p className="muted">E-mail {shown.label} as CSV: each day for the day before, or each Monday for the week before (in the company&apos;s zone).</p>
          <label>
            Every
            <select name="frequency" defaultValue="daily">
              <option value="daily">Day</option>
              <option value="weekly">Week</option>
            </select>
          </label>
          <label>
            To (e-mail addresses, comma-separated)
            <input name="recipients" type="text" required maxLength={2_000} placeholder="ops@example.com, owner@example.com" />
          </label>
          <div className="form-actions">
            <SubmitButton label="Schedule this report" pending={isPending} />
          </div>
        </form>
      )}
    </section>
  );
};
