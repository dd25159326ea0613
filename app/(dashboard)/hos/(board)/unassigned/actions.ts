"use server";

// A server action is a public endpoint: it goes through defineAction, which re-checks the role, and a
// refused call (a dispatcher's crafted post) is recorded as `unassigned_driving.denied`.
import { z } from "zod";
import { formFields } from "@/app/_server/action-args";
import { defineAction } from "@/app/_server/define-action";
import { annotateUnassignedDriving, assignUnassignedDriving } from "@/lib/hos/logbook/unassigned-driving";

const rowId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
const resolveSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("annotate"), segmentId: rowId, annotation: z.string().default("") }),
  z.object({
    intent: z.literal("assign"),
    segmentId: rowId,
    driverId: z
      .string()
      .regex(/^\d{1,9}$/, "choose a driver.")
      .transform(Number),
  }),
]);

export const resolveUnassignedAction = defineAction(
  {
    action: "manageHosLogs",
    denied: { action: "unassigned_driving.denied", target: "unassigned_driving", id: (raw) => Number((raw as Record<string, string>).segmentId) },
    input: z.preprocess((fields) => ({ intent: "assign", ...(fields as object) }), resolveSchema),
    args: formFields,
    revalidate: ["/hos/unassigned"],
  },
  async ({ input, tenant, actor }) => {
    if (input.intent === "annotate") {
      await annotateUnassignedDriving({ ...tenant, segmentId: input.segmentId, annotation: input.annotation, actor });
      return { message: "Annotated." };
    }
    await assignUnassignedDriving({ ...tenant, segmentId: input.segmentId, driverId: input.driverId, actor });
    return { message: "Assigned: the driver sees it in their logbook." };
  },
);
