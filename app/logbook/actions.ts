"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { driverSessionActor, requireDriver } from "@/app/_server/driver-session";
import { getDb } from "@/db/client";
import { isAppError } from "@/lib/errors";
import { CHOSEN_DUTY_STATUSES, changeOwnDutyStatus } from "@/lib/logbook/change-own-duty-status";
import { certifyLogDay } from "@/lib/logbook/certify-log-day";
import { answerLogEdit } from "@/lib/logbook/log-edits";
import { answerUnassignedDriving } from "@/lib/logbook/unassigned-driving";

// Each action reads the driver from the session itself: a driver acts on their own log only, and a
// user's session (no driver) is sent to the driver sign-in.

export type LogbookActionState = { status: "idle" | "saved" | "error"; message?: string };

const statusFormSchema = z.object({ status: z.enum(CHOSEN_DUTY_STATUSES), remark: z.string().trim().max(300, "at most 300 characters") });

const run = async (work: () => Promise<unknown>, saved: string): Promise<LogbookActionState> => {
  try {
    await work();
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { status: "error", message: error.message };
    throw error;
  }
  revalidatePath("/logbook");
  return { status: "saved", message: saved };
};

export const changeDutyStatusAction = async (_previous: LogbookActionState, form: FormData): Promise<LogbookActionState> => {
  const driver = await requireDriver();
  const parsed = statusFormSchema.safeParse({ status: form.get("status"), remark: form.get("remark") ?? "" });
  if (!parsed.success) return { status: "error", message: `Invalid value for "${String(parsed.error.issues[0].path[0])}": ${parsed.error.issues[0].message}.` };
  const actor = await driverSessionActor(driver);
  return run(() => changeOwnDutyStatus({ db: getDb(), companyId: driver.companyId, dataset: driver.dataset, driverId: driver.driverId, ...parsed.data, actor }), "Status changed.");
};

export const certifyDayAction = async (_previous: LogbookActionState, form: FormData): Promise<LogbookActionState> => {
  const driver = await requireDriver();
  if (form.get("agree") !== "on") return { status: "error", message: "Tick “I certify these entries are true and correct” to certify the day." };
  const actor = await driverSessionActor(driver);
  return run(() => certifyLogDay({ db: getDb(), companyId: driver.companyId, dataset: driver.dataset, driverId: driver.driverId, date: String(form.get("date") ?? ""), actor }), "Day certified.");
};

export const answerDriveAction = async (_previous: LogbookActionState, form: FormData): Promise<LogbookActionState> => {
  const driver = await requireDriver();
  const segmentId = Number(form.get("segmentId"));
  if (!Number.isInteger(segmentId) || segmentId <= 0) return { status: "error", message: 'Invalid value for "segmentId".' };
  const accept = form.get("answer") === "accept";
  const actor = await driverSessionActor(driver);
  return run(() => answerUnassignedDriving({ db: getDb(), companyId: driver.companyId, dataset: driver.dataset, driverId: driver.driverId, segmentId, accept, actor }), accept ? "Drive accepted: it is in your log." : "Drive rejected.");
};

export const answerLogEditAction = async (_previous: LogbookActionState, form: FormData): Promise<LogbookActionState> => {
  const driver = await requireDriver();
  const editId = Number(form.get("editId"));
  if (!Number.isInteger(editId) || editId <= 0) return { status: "error", message: 'Invalid value for "editId".' };
  const accept = form.get("answer") === "accept";
  const actor = await driverSessionActor(driver);
  return run(() => answerLogEdit({ db: getDb(), companyId: driver.companyId, dataset: driver.dataset, driverId: driver.driverId, editId, accept, actor }), accept ? "Edit accepted: your log is changed." : "Edit rejected: your log stays as it was.");
};
