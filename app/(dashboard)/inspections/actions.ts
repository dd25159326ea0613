"use server";

// Certifying a repair is the carrier's (49 CFR 396.11(a)(3)): admins and managers (the role policy's
// resolveDefects); a dispatcher's crafted post is refused and recorded as `dvir_defect.denied`.
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { defineAction } from "@/app/_server/define-action";
import { DEFECT_RESOLUTIONS } from "@/db/schema";
import { resolveDefect } from "@/lib/fleet/inspections";

export const resolveDefectAction = defineAction(
  {
    action: "resolveDefects",
    denied: { action: "dvir_defect.denied", target: "dvir_defect", id: (raw) => Number((raw as Record<string, string>).defectId) },
    input: z.object({
      defectId: z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
      resolution: z.enum(DEFECT_RESOLUTIONS, "choose repaired or no repair needed."),
      mechanicNotes: z.string().trim().max(1_000, "at most 1,000 characters").optional(),
    }),
    args: formFields,
    revalidate: [{ path: "/inspections", type: "layout" }],
  },
  async ({ input, tenant, user, actor }) => {
    const defect = await resolveDefect({
      ...tenant,
      defectId: input.defectId,
      resolve: true,
      resolution: input.resolution,
      resolver: { type: "mechanic", id: String(user.id), name: user.name },
      mechanicNotes: input.mechanicNotes || undefined,
      actor,
    });
    return { message: `${defect.defectTypeLabel}: ${input.resolution === "repaired" ? "repaired" : "no repair needed"}, signed by ${user.name}.` };
  },
);
