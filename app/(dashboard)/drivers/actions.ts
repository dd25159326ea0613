"use server";

import { redirect } from "next/navigation";
import { driverErrorField, readDriverForm } from "@/lib/dashboard/view/driver-form";
import { createDriverSchema, driverInputSchema } from "@/lib/fleet/drivers/driver-input";
import { updateDriver } from "@/lib/fleet/drivers/save-driver";
import { createDriverWithLogin } from "@/lib/hos/logbook/create-driver-with-login";
import { setDriverSecret } from "@/lib/hos/logbook/driver-logins";
import { z } from "zod";
import { fieldsOf } from "@/app/_server/action-results";
import { asFormPost, defineAction } from "@/app/_server/define-action";

/** A driver's page form: a signed-out or refused person goes to sign in or to /forbidden, as the page would send them. */
const pageForm = {
  action: "editDrivers",
  denied: { action: "driver.denied", target: "driver", id: (raw: unknown) => (raw as { driverId?: number }).driverId },
  redirects: { signedOut: "/login", forbidden: "/forbidden" },
} as const;

/** The create and edit form: checked with THE schema of POST /fleet/drivers or PATCH /fleet/drivers/{id}; what was typed comes back with an error. */
const driverForm = { ...pageForm, echo: true, errorField: driverErrorField } as const;

/** A new driver, with the logbook password or PIN when one was typed; then their page, which shows the logbook link to hand them. */
export const createDriverAction = defineAction(
  {
    ...driverForm,
    input: createDriverSchema.extend({ secret: z.string().default("") }),
    args: (_previous: unknown, form: FormData) => ({ ...readDriverForm(form), secret: String(form.get("secret") ?? "") }),
    revalidate: ["/drivers"],
  },
  async ({ input: { secret, ...input }, tenant, actor }) => {
    const { id } = await createDriverWithLogin({ ...tenant, actor, input, secret });
    redirect(`/drivers/${id}/edit?created=1#logbook`);
  },
);

export const updateDriverAction = defineAction(
  {
    ...driverForm,
    input: driverInputSchema.extend({ driverId: z.number() }),
    args: (driverId: number, _previous: unknown, form: FormData) => ({ ...readDriverForm(form), driverId }),
    revalidate: ["/drivers"],
  },
  async ({ input: { driverId, ...input }, tenant, actor }) => {
    await updateDriver({ ...tenant, driverId, input, actor });
    redirect(`/drivers?saved=${driverId}`);
  },
);

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
    return { message: "Saved: the driver signs in at /logbook/login (the logbook link) with their username and this password or PIN." };
  },
);
