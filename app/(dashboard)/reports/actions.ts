"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (a refusal is recorded as `report_schedule.denied`) before touching a schedule of the user's company.
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { newRequestId, toAppError } from "@/lib/http";
import { createReportSchedule, deleteReportSchedule } from "@/lib/reports/report-schedules";

export type ReportScheduleActionResult = { ok: true } | { ok: false; message: string };

const scheduler = async (target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "scheduleReports", actor, denied: { action: "report_schedule.denied", target: { type: "report_schedule", id: target } } });
  return { tenant: { companyId: user.companyId, dataset: "live" as const }, actor };
};

const failure = (error: unknown): ReportScheduleActionResult => ({ ok: false, message: toAppError(error, newRequestId()).message });

/** Schedules the report shown (its kind, vehicles and drivers) daily or weekly to a list of addresses. */
export const createReportScheduleAction = async (input: unknown): Promise<ReportScheduleActionResult> => {
  try {
    const { tenant, actor } = await scheduler("new");
    await createReportSchedule({ db: getDb(), ...tenant, input, actor });
    revalidatePath("/reports");
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};

export const deleteReportScheduleAction = async (scheduleId: unknown): Promise<ReportScheduleActionResult> => {
  try {
    if (typeof scheduleId !== "number" || !Number.isSafeInteger(scheduleId) || scheduleId <= 0) throw new AppError("bad_request", "Give a numeric id.");
    const { tenant, actor } = await scheduler(scheduleId);
    await deleteReportSchedule({ db: getDb(), ...tenant, scheduleId, actor });
    revalidatePath("/reports");
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
};
