"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { DEFECT_SECTIONS } from "@/db/schema";
import { addDefectType, retireDefectType, setDvirRetention } from "@/lib/fleet/inspections";
import { asFormPost, defineAction } from "@/app/_server/define-action";

const PAGE = "/inspections/checklist";

const pageForm = {
  action: "editChecklist",
  denied: { action: "dvir_defect_type.denied", target: "dvir_defect_type", id: (raw: unknown) => raw },
  redirects: { signedOut: "/login", forbidden: "/forbidden" },
  revalidate: [PAGE, "/logbook/inspection"],
} as const;

/** A new checklist item from the page's form: its label and where on the vehicle it is. */
export const addDefectTypeAction = defineAction(
  {
    ...pageForm,
    echo: true,
    errorField: (error) => (error.code === "conflict" ? "label" : undefined),
    input: z.object({
      label: z.string().trim().min(1, "Name the item.").max(100, "At most 100 characters."),
      sectionType: z.enum(DEFECT_SECTIONS, "Choose where on the vehicle it is."),
    }),
    args: (_previous: unknown, form: FormData) => ({ label: form.get("label"), sectionType: form.get("sectionType") }),
  },
  async ({ input, tenant, actor }) => {
    await addDefectType({ ...tenant, input, actor });
    redirect(`${PAGE}?added=1`);
  },
);

/** Takes an item off the checklist (a bound id): past reports keep its label. */
export const retireDefectTypeAction = asFormPost(
  defineAction({ ...pageForm, input: z.number().int().positive() }, async ({ input: defectTypeId, tenant, actor }) => {
    await retireDefectType({ ...tenant, defectTypeId, actor });
    redirect(`${PAGE}?retired=1`);
  }),
);

/** How long the company keeps its inspection reports: months, or "forever"; the domain refuses under three months. */
export const setDvirRetentionAction = defineAction(
  {
    action: "editChecklist",
    denied: { action: "inspection_settings.denied", target: "inspection_settings", id: (_raw: unknown, user) => user.companyId },
    redirects: pageForm.redirects,
    revalidate: [PAGE],
    echo: true,
    errorField: () => "months",
    input: z.object({ months: z.union([z.literal("forever").transform(() => null), z.coerce.number("Choose how long.")]) }),
    args: (_previous: unknown, form: FormData) => ({ months: form.get("months") }),
  },
  async ({ input, tenant, actor }) => {
    await setDvirRetention({ db: tenant.db, companyId: tenant.companyId, months: input.months, actor });
    redirect(`${PAGE}?retention=1`);
  },
);
