"use server";

// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (lib/auth/role-policy.ts `assignVehicles`; a refusal is recorded as `assignment.denied`) and works
// only on the user's company's live drivers and vehicles (another company's ids: not found).
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import type { AssignmentActionResult } from "@/components/drivers/vehicle-assignment-control";
import { getDb } from "@/db/client";
import { assignVehicleFromNow, endAssignment } from "@/lib/assignments";
import { authorizeAction } from "@/lib/auth/authorize-action";
import { AppError } from "@/lib/errors";
import { newRequestId, toAppError } from "@/lib/http";


/** A crafted call may send anything: ids are checked before anything else. */
const readId = (value: unknown, what: string) => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) throw new AppError("bad_request", `Give a numeric ${what} id.`);
  return value;
};

const signedInAssigner = async (target: string | number) => {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized", "Your session has ended. Sign in again.");
  const actor = await sessionActor(user);
  await authorizeAction({ user, action: "assignVehicles", actor, denied: { action: "assignment.denied", target: { type: "assignment", id: target } } });
  return { tenant: { db: getDb(), companyId: user.companyId, dataset: "live" as const }, actor };
};

const run = async (work: () => Promise<unknown>): Promise<AssignmentActionResult> => {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
};

/** Assigns the vehicle to the driver from now on (ending the driver's current assignment). */
export const assignVehicleAction = async (driverId: unknown, vehicleId: unknown): Promise<AssignmentActionResult> =>
  run(async () => {
    const driver = readId(driverId, "driver");
    const vehicle = readId(vehicleId, "vehicle");
    const { tenant, actor } = await signedInAssigner(`driver ${driver}`);
    await assignVehicleFromNow({ ...tenant, driverId: driver, vehicleId: vehicle, actor });
    revalidatePath(`/hos/${driver}`);
  });

/** Ends an assignment now. */
export const endAssignmentAction = async (assignmentId: unknown): Promise<AssignmentActionResult> =>
  run(async () => {
    const id = readId(assignmentId, "assignment");
    const { tenant, actor } = await signedInAssigner(id);
    const ended = await endAssignment({ ...tenant, assignmentId: id, actor });
    revalidatePath(`/hos/${ended.driverId}`);
  });
