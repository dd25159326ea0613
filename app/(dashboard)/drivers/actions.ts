"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireUser } from "@/app/_server/session";
import { getDb } from "@/db/client";
import { ACTIONS } from "@/lib/auth/role-policy";
import { formValues, toDriverFormError, validateDriverForm, type DriverFormState } from "@/lib/dashboard/driver-form";
import { createDriver, updateDriver } from "@/lib/drivers/save-driver";

// Every action checks the role itself: a server action is a public endpoint, whatever page shows it.

export const createDriverAction = async (_previous: DriverFormState, form: FormData): Promise<DriverFormState> => {
  const user = await requireUser(ACTIONS.editDrivers);
  const { input, fieldErrors } = validateDriverForm({ form, mode: "create" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  let driverId: number;
  try {
    driverId = (await createDriver({ db: getDb(), companyId: user.companyId, dataset: "live", input: { ...input, name: input.name!, username: input.username! } })).id;
  } catch (error) {
    return toDriverFormError(error, formValues(form));
  }
  revalidatePath("/drivers");
  redirect(`/drivers?saved=${driverId}`);
};

export const updateDriverAction = async (driverId: number, _previous: DriverFormState, form: FormData): Promise<DriverFormState> => {
  const user = await requireUser(ACTIONS.editDrivers);
  const { input, fieldErrors } = validateDriverForm({ form, mode: "update" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  try {
    await updateDriver({ db: getDb(), companyId: user.companyId, dataset: "live", driverId, input });
  } catch (error) {
    return toDriverFormError(error, formValues(form));
  }
  revalidatePath("/drivers");
  redirect(`/drivers?saved=${driverId}`);
};

export const setDriverActivationAction = async (driverId: number, activation: "active" | "deactivated"): Promise<void> => {
  const user = await requireUser(ACTIONS.editDrivers);
  await updateDriver({ db: getDb(), companyId: user.companyId, dataset: "live", driverId, input: { driverActivationStatus: activation } });
  revalidatePath("/drivers");
  redirect(`/drivers/${driverId}/edit`);
};
