"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { requireUser } from "@/app/_server/session";
import { sessionActor } from "@/app/_server/session-actor";
import { getDb } from "@/db/client";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { formValues, toDriverFormError, validateDriverForm, type DriverFormState } from "@/lib/dashboard/view/driver-form";
import { createDriver, updateDriver } from "@/lib/fleet/drivers/save-driver";
import { AppError } from "@/lib/platform/errors";
import { setDriverSecret } from "@/lib/hos/logbook/driver-logins";
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { asFormPost, defineAction } from "@/app/_server/define-action";

// Every action checks the role itself: a server action is a public endpoint, whatever page shows it.
// A refused call (a dispatcher's crafted post) is recorded in the audit log as `driver.denied`.
// The create and edit forms (their answer echoes what was typed) are not on defineAction yet.

/** The signed-in user who may edit drivers, and them as the audit log's actor; others go to /forbidden. */
const driverEditor = async (driverId: number | "new") => {
  const user = await requireUser();
  const actor = await sessionActor(user);
  try {
    await authorizeAction({ user, action: "editDrivers", actor, denied: { action: "driver.denied", target: { type: "driver", id: driverId } } });
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") redirect("/forbidden");
    throw error;
  }
  return { user, actor };
};

export const createDriverAction = async (_previous: DriverFormState, form: FormData): Promise<DriverFormState> => {
  const { user, actor } = await driverEditor("new");
  const { input, fieldErrors } = validateDriverForm({ form, mode: "create" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  let driverId: number;
  try {
    driverId = (
      await createDriver({ db: getDb(), companyId: user.companyId, dataset: "live", actor, input: { ...input, name: input.name!, username: input.username! } })
    ).id;
  } catch (error) {
    return toDriverFormError(error, formValues(form));
  }
  revalidatePath("/drivers");
  redirect(`/drivers?saved=${driverId}`);
};

export const updateDriverAction = async (driverId: number, _previous: DriverFormState, form: FormData): Promise<DriverFormState> => {
  const { user, actor } = await driverEditor(driverId);
  const { input, fieldErrors } = validateDriverForm({ form, mode: "update" });
  if (!input) return { status: "error", fieldErrors, values: formValues(form) };
  try {
    await updateDriver({ db: getDb(), companyId: user.companyId, dataset: "live", driverId, input, actor });
  } catch (error) {
    return toDriverFormError(error, formValues(form));
  }
  revalidatePath("/drivers");
  redirect(`/drivers?saved=${driverId}`);
};

/** A driver's page form: a signed-out or refused person goes to sign in or to /forbidden, as the page would send them. */
const pageForm = {
  action: "editDrivers",
  denied: { action: "driver.denied", target: "driver", id: (raw: unknown) => (raw as { driverId: number }).driverId },
  redirects: { signedOut: "/login", forbidden: "/forbidden" },
} as const;

export const setDriverActivationAction = asFormPost(
  defineAction(
    {
      ...pageForm,
      input: z.object({ driverId: z.number(), activation: z.enum(["active", "deactivated"]) }),
      args: (driverId: number, activation: "active" | "deactivated") => ({ driverId, activation }),
      revalidate: ["/drivers"],
    },
    async ({ input: { driverId, activation }, tenant, actor }) => {
      await updateDriver({ ...tenant, driverId, input: { driverActivationStatus: activation }, actor });
      redirect(`/drivers/${driverId}/edit`);
    },
  ),
);

/** Sets the password or PIN the driver signs in to the logbook with (hashed; audited as driver.sign_in_set). */
export const setDriverSignInAction = defineAction(
  {
    ...pageForm,
    input: z.object({ driverId: z.number(), secret: z.string().default("") }),
    args: (driverId: number, _previous: unknown, form: FormData) => ({ ...fieldsOf(form), driverId }),
  },
  async ({ input: { driverId, secret }, tenant, actor }) => {
    await setDriverSecret({ ...tenant, driverId, secret, actor });
    return { message: "Saved: the driver signs in at /logbook with their username and this password or PIN." };
  },
);
