"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { isAppError } from "@/lib/errors";
import { annotateUnassignedDriving, assignUnassignedDriving } from "@/lib/logbook/unassigned-driving";

// A server action is a public endpoint: each re-checks the role, and a refused call (a dispatcher's
// crafted post) is recorded as `unassigned_driving.denied`.

export type UnassignedActionState = { status: "idle" | "saved" | "error"; message?: string };

const logEditor = async (segmentId: number) => {
  const user = await requireUser();
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "manageHosLogs", actor, denied: { action: "unassigned_driving.denied", target: { type: "unassigned_driving", id: segmentId } } });
  return { tenant: { db: getDb(), companyId: user.companyId, dataset: "live" as const }, actor };
};

const idOf = (value: FormDataEntryValue | null) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null);

const run = async (work: () => Promise<unknown>, saved: string): Promise<UnassignedActionState> => {
  try {
    await work();
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { status: "error", message: error.message };
    throw error;
  }
  revalidatePath("/hos/unassigned");
  return { status: "saved", message: saved };
};

export const resolveUnassignedAction = async (_previous: UnassignedActionState, form: FormData): Promise<UnassignedActionState> => {
  const segmentId = idOf(form.get("segmentId"));
  if (segmentId === null) return { status: "error", message: 'Invalid value for "segmentId".' };
  const annotate = form.get("intent") === "annotate";
  const driverId = idOf(form.get("driverId"));
  if (!annotate && driverId === null) return { status: "error", message: 'Invalid value for "driverId": choose a driver.' };
  return run(async () => {
    const { tenant, actor } = await logEditor(segmentId);
    if (annotate) await annotateUnassignedDriving({ ...tenant, segmentId, annotation: String(form.get("annotation") ?? ""), actor });
    else await assignUnassignedDriving({ ...tenant, segmentId, driverId: driverId!, actor });
  }, annotate ? "Annotated." : "Assigned: the driver sees it in their logbook.");
};
