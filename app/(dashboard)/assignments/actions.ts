"use server";

// The driver–vehicle assignment actions of a driver's page (/hos/{id}) and a vehicle's edit page.
// Every export of a "use server" module is a public endpoint: each action checks the session's role
// (lib/auth/role-policy.ts `assignVehicles`; a refusal is recorded as `assignment.denied`) and works
// only on the user's company's live drivers and vehicles (another company's ids: not found).
import { revalidatePath } from "next/cache";
import { getSessionUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import type { AssignmentActionResult } from "@/components/assignments/assignment-control";
import { getDb } from "@/db/client";
import { assignFromNow, endAssignment, type AssignmentRow } from "@/lib/assignments";
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

/** Both pages that show the assignment change with it. */
const revalidatePages = (assignment: Pick<AssignmentRow, "driverId" | "vehicleId">) => {
  revalidatePath(`/hos/${assignment.driverId}`);
  revalidatePath(`/vehicles/${assignment.vehicleId}/edit`);
};

const run = async (work: () => Promise<unknown>): Promise<AssignmentActionResult> => {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: toAppError(error, newRequestId()).message };
  }
};

/** From the driver's page: the driver drives this vehicle from now on (ending the driver's current assignment). */
export const assignVehicleAction = async (driverId: unknown, vehicleId: unknown): Promise<AssignmentActionResult> =>
  run(async () => {
    const driver = readId(driverId, "driver");
    const vehicle = readId(vehicleId, "vehicle");
    const { tenant, actor } = await signedInAssigner(`driver ${driver}`);
    revalidatePages(await assignFromNow({ ...tenant, driverId: driver, vehicleId: vehicle, handOver: "driver", actor }));
  });

/** From the vehicle's page: this driver drives the vehicle from now on (ending its current driver's assignment). */
export const assignDriverAction = async (vehicleId: unknown, driverId: unknown): Promise<AssignmentActionResult> =>
  run(async () => {
    const vehicle = readId(vehicleId, "vehicle");
    const driver = readId(driverId, "driver");
    const { tenant, actor } = await signedInAssigner(`vehicle ${vehicle}`);
    revalidatePages(await assignFromNow({ ...tenant, driverId: driver, vehicleId: vehicle, handOver: "vehicle", actor }));
  });

/** Ends an assignment now. */
export const endAssignmentAction = async (assignmentId: unknown): Promise<AssignmentActionResult> =>
  run(async () => {
    const id = readId(assignmentId, "assignment");
    const { tenant, actor } = await signedInAssigner(id);
    revalidatePages(await endAssignment({ ...tenant, assignmentId: id, actor }));
  });
