"use server";

import { redirect } from "next/navigation";
import { readVehicleForm, vehicleErrorField } from "@/lib/dashboard/view/vehicle-form";
import { createVehicleSchema, vehicleInputSchema } from "@/lib/fleet/vehicles/vehicle-input";
import { createVehicle, setVehicleArchived, updateVehicle } from "@/lib/fleet/vehicles/save-vehicle";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";

/** A vehicle's page form: a signed-out or refused person goes to sign in or to /forbidden, as the page would send them. */
const pageForm = {
  action: "editVehicles",
  denied: { action: "vehicle.denied", target: "vehicle", id: (raw: unknown) => (raw as { vehicleId?: number }).vehicleId },
  redirects: { signedOut: "/login", forbidden: "/forbidden" },
} as const;

/** The create and edit form: checked with THE schema of the public interface; what was typed comes back with an error. */
const vehicleForm = { ...pageForm, echo: true, errorField: vehicleErrorField } as const;

export const createVehicleAction = defineAction(
  { ...vehicleForm, input: createVehicleSchema, args: (_previous: unknown, form: FormData) => readVehicleForm(form), revalidate: ["/vehicles"] },
  async ({ input, tenant, actor }) => {
    const { id } = await createVehicle({ ...tenant, actor, input });
    redirect(`/vehicles?saved=${id}`);
  },
);

export const updateVehicleAction = defineAction(
  {
    ...vehicleForm,
    input: vehicleInputSchema.extend({ vehicleId: z.number() }),
    args: (vehicleId: number, _previous: unknown, form: FormData) => ({ ...readVehicleForm(form), vehicleId }),
    revalidate: ["/vehicles"],
  },
  async ({ input: { vehicleId, ...input }, tenant, actor }) => {
    await updateVehicle({ ...tenant, vehicleId, input, actor });
    redirect(`/vehicles?saved=${vehicleId}`);
  },
);

export const setVehicleArchivedAction = asFormPost(
  defineAction(
    {
      ...pageForm,
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
