"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { requireUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { formValues } from "@/lib/dashboard/view/driver-form";
import { toVehicleFormError, validateVehicleForm, type VehicleFormState } from "@/lib/dashboard/view/vehicle-form";
import { AppError } from "@/lib/platform/errors";
import { createVehicle, setVehicleArchived, updateVehicle } from "@/lib/fleet/vehicles/save-vehicle";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";

// Every action checks the role itself: a server action is a public endpoint, whatever page shows it.
// A refused call (a dispatcher's crafted post) is recorded in the audit log as `vehicle.denied`.
// The create and edit forms (their answer echoes what was typed) are not on defineAction yet.

/** The signed-in user who may edit vehicles, and them as the audit log's actor; others go to /forbidden. */
const vehicleEditor = async (vehicleId: number | "new") => {
  const user = await requireUser();
  const actor = await sessionActor(user);
  try {
    await authorizeAction({ user, action: "editVehicles", actor, denied: { action: "vehicle.denied", target: { type: "vehicle", id: vehicleId } } });
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") redirect("/forbidden");
    throw error;
  }
  return { user, actor, tenant: { db: getDb(), companyId: user.companyId, dataset: "live" as const } };
};

export const createVehicleAction = async (_previous: VehicleFormState, form: FormData): Promise<VehicleFormState> => {
  const { actor, tenant } = await vehicleEditor("new");
  const { input, fieldErrors } = validateVehicleForm({ form, mode: "create" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  let vehicleId: number;
  try {
    vehicleId = (await createVehicle({ ...tenant, actor, input: { ...input, name: input.name!, vin: input.vin! } })).id;
  } catch (error) {
    return toVehicleFormError(error, formValues(form));
  }
  revalidatePath("/vehicles");
  redirect(`/vehicles?saved=${vehicleId}`);
};

export const updateVehicleAction = async (vehicleId: number, _previous: VehicleFormState, form: FormData): Promise<VehicleFormState> => {
  const { actor, tenant } = await vehicleEditor(vehicleId);
  const { input, fieldErrors } = validateVehicleForm({ form, mode: "update" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  try {
    await updateVehicle({ ...tenant, vehicleId, input, actor });
  } catch (error) {
    return toVehicleFormError(error, formValues(form));
  }
  revalidatePath("/vehicles");
  redirect(`/vehicles?saved=${vehicleId}`);
};

export const setVehicleArchivedAction = asFormPost(
  defineAction(
    {
      action: "editVehicles",
      denied: { action: "vehicle.denied", target: "vehicle", id: (raw) => (raw as { vehicleId: number }).vehicleId },
      redirects: { signedOut: "/login", forbidden: "/forbidden" },
      input: z.object({ vehicleId: z.number(), archived: z.boolean() }),
      args: (vehicleId: number, archived: boolean) => ({ vehicleId, archived }),
      revalidate: ["/vehicles"],
    },
    async ({ input: { vehicleId, archived }, tenant, actor }) => {
      await setVehicleArchived({ ...tenant, vehicleId, archived, actor });
      redirect(`/vehicles/${vehicleId}/edit`);
    },
  ),
);
