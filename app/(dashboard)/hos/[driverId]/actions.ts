"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { DUTY_STATUSES, type DutyStatus } from "@/db/schema";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { getDriver } from "@/lib/drivers";
import { isAppError } from "@/lib/errors";
import { proposeLogEdit } from "@/lib/logbook/log-edits";
import { fromLocalInput } from "@/lib/time-zone/zoned-time";

// A server action is a public endpoint: it re-checks the role (manageHosLogs), and a refused call (a
// dispatcher's crafted post) is recorded as `hos_log.denied`. Times are wall-clock readings on the
// driver's home-terminal clock, as the log shows them.

export type LogEditActionState = { status: "idle" | "saved" | "error"; message?: string };

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const proposeLogEditAction = async (driverId: number, _previous: LogEditActionState, form: FormData): Promise<LogEditActionState> => {
  const entry = String(form.get("entryId") ?? "");
  const entryId = /^\d{1,9}$/.test(entry) ? Number(entry) : null;
  const user = await requireUser();
  const actor = await sessionActor(user);
  try {
    await authorizeAction({ user, action: "manageHosLogs", actor, denied: { action: "hos_log.denied", target: { type: "hos_log", id: entryId ?? `${driverId}:new` } } });
    const tenant = { db: getDb(), companyId: user.companyId, dataset: "live" as const };
    const { timezone } = await getDriver({ ...tenant, driverId });
    const status = String(form.get("status") ?? "");
    const [start, end] = [String(form.get("startTime") ?? ""), String(form.get("endTime") ?? "")];
    if (!(DUTY_STATUSES as readonly string[]).includes(status)) return { status: "error", message: 'Invalid value for "status": choose a duty status.' };
    if (!LOCAL_TIME.test(start)) return { status: "error", message: 'Invalid value for "startTime": give a date and time.' };
    if (end !== "" && !LOCAL_TIME.test(end)) return { status: "error", message: 'Invalid value for "endTime": give a date and time, or leave it empty.' };
    const untouched = entryId !== null && start === form.get("entryStartLocal") && !Number.isNaN(Date.parse(String(form.get("entryStart"))));
    const input = { entryId, status: status as DutyStatus, startTime: untouched ? new Date(String(form.get("entryStart"))) : fromLocalInput(start, timezone), endTime: end ? fromLocalInput(end, timezone) : null, remark: String(form.get("remark") ?? ""), reason: String(form.get("reason") ?? "") };
    await proposeLogEdit({ ...tenant, driverId, input, actor });
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { status: "error", message: error.message };
    throw error;
  }
  revalidatePath(`/hos/${driverId}`);
  return { status: "saved", message: "Proposed: the driver accepts or rejects it in their logbook." };
};
