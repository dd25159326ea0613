"use server";

// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (a refusal is recorded as `report_schedule.denied`) before touching
// a schedule of the user's company.
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { createReportSchedule, deleteReportSchedule } from "@/lib/reports/report-schedules";

const scheduleReports = (id: (raw: unknown) => unknown) =>
  ({ action: "scheduleReports", denied: { action: "report_schedule.denied", target: "report_schedule", id }, revalidate: ["/reports"] }) as const;

/** Schedules the report shown (its kind, vehicles and drivers) daily or weekly to a list of addresses (the domain parses it). */
export const createReportScheduleAction = defineAction({ ...scheduleReports(() => "new"), input: z.unknown() }, async ({ input, tenant, actor }) => {
  await createReportSchedule({ ...tenant, input, actor });
});

export const deleteReportScheduleAction = defineAction(
  {
    ...scheduleReports((raw) => (raw as { scheduleId?: unknown } | undefined)?.scheduleId),
    input: z.object({ scheduleId: z.number() }),
    args: (scheduleId: unknown) => ({ scheduleId: readId(scheduleId) }),
  },
  async ({ input: { scheduleId }, tenant, actor }) => {
    await deleteReportSchedule({ ...tenant, scheduleId, actor });
  },
);
