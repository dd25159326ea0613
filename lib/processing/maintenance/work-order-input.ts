import { z } from "zod";
import { WORK_ORDER_SOURCES, WORK_ORDER_STATUSES } from "@/db/schema";

export const workOrderLineSchema = z.object({
  kind: z.enum(["part", "labor"], "part or labor"),
  description: z.string().trim().min(1, "Describe the part or the work.").max(200),
  /** Pieces, or hours of labour. */
  quantity: z.number().positive("more than 0").max(100_000),
  unitCostCents: z.number().int("whole cents").min(0).max(100_000_000),
});

/** A new work order: on a vehicle, for a reason (a program's service, a defect, a fault code) or by hand. */
export const createWorkOrderSchema = z
  .object({
    vehicleId: z.number().int().positive(),
    description: z.string().trim().min(1, "Say what is to be done.").max(1_000),
    sourceType: z.enum(WORK_ORDER_SOURCES).default("manual"),
    sourceId: z.number().int().positive().nullable().default(null),
    lines: z.array(workOrderLineSchema).max(200).default([]),
  })
  .refine((input) => (input.sourceType === "manual") === (input.sourceId === null), {
    message: "A work order by hand names no source; one for a service, defect or fault code names it.",
    path: ["sourceId"],
  });

/** Changes to a work order: those given replace its own. */
export const updateWorkOrderSchema = z.object({
  description: z.string().trim().min(1).max(1_000).optional(),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  lines: z.array(workOrderLineSchema).max(200).optional(),
});

export type CreateWorkOrderInput = z.input<typeof createWorkOrderSchema>;
export type UpdateWorkOrderInput = z.infer<typeof updateWorkOrderSchema>;
