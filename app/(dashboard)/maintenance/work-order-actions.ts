"use server";

// Work orders are opened, costed and completed by those who run maintenance (the role policy's
// manageMaintenance); a dispatcher's crafted post is refused and recorded as `work_order.denied`.
import { redirect } from "next/navigation";
import { z } from "zod";
import { asFormPost, defineAction } from "@/app/_server/define-action";
import { fieldsOf } from "@/app/_server/action-results";
import { WORK_ORDER_STATUSES } from "@/db/schema";
import { createWorkOrder, getProgram, getWorkOrder, updateWorkOrder, workOrderLineSchema } from "@/lib/processing/maintenance";

const manage = (id: (raw: unknown) => unknown) =>
  ({
    action: "manageMaintenance",
    denied: { action: "work_order.denied", target: "work_order", id },
    redirects: { signedOut: "/login", forbidden: "/forbidden" },
    revalidate: [{ path: "/maintenance", type: "layout" }],
  }) as const;

const id = z
  .string()
  .regex(/^\d{1,9}$/, "Choose one.")
  .transform(Number);

/** A work order by hand, or for a defect or a fault code (the new work order form, its source prefilled from the defect's or code's page). */
export const openWorkOrderAction = defineAction(
  {
    ...manage(() => "new"),
    echo: true,
    input: z.object({
      vehicleId: id,
      description: z.string(),
      sourceType: z.enum(["manual", "dvirDefect", "fault"]).default("manual"),
      sourceId: id.optional(),
    }),
    args: (_previous: unknown, form: FormData) => fieldsOf(form),
  },
  async ({ input: { sourceId, ...input }, tenant, actor }) => {
    const order = await createWorkOrder({ ...tenant, actor, input: { ...input, sourceId: sourceId ?? null } });
    redirect(`/maintenance/orders/${order.id}?opened=1`);
  },
);

/** A work order for a service due (the Maintenance page's button, the program and vehicle bound): completing it records the service. */
export const openServiceWorkOrderAction = asFormPost(
  defineAction(
    {
      ...manage(() => "new"),
      input: z.object({ programId: z.number().int().positive(), vehicleId: z.number().int().positive() }),
      args: (programId: number, vehicleId: number) => ({ programId, vehicleId }),
    },
    async ({ input: { programId, vehicleId }, tenant, actor }) => {
      const { name } = await getProgram({ ...tenant, programId });
      const order = await createWorkOrder({
        ...tenant,
        actor,
        input: { vehicleId, description: name, sourceType: "scheduledMaintenance", sourceId: programId },
      });
      redirect(`/maintenance/orders/${order.id}?opened=1`);
    },
  ),
);

/** A part or labour line added to an open work order: cost typed in currency units, kept in cents. */
export const addWorkOrderLineAction = defineAction(
  {
    ...manage((raw) => (raw as Record<string, string>).workOrderId),
    echo: true,
    input: z
      .object({
        workOrderId: id,
        kind: z.string(),
        description: z.string(),
        quantity: z.coerce.number("a number"),
        unitCost: z.coerce.number("a number").transform((cost) => Math.round(cost * 100)),
      })
      .transform(({ unitCost, ...line }) => ({ ...line, unitCostCents: unitCost }))
      .pipe(workOrderLineSchema.extend({ workOrderId: z.number() })),
    args: (_previous: unknown, form: FormData) => fieldsOf(form),
  },
  async ({ input: { workOrderId, ...line }, tenant, actor }) => {
    const order = await getWorkOrder({ ...tenant, workOrderId });
    await updateWorkOrder({ ...tenant, actor, workOrderId, input: { lines: [...order.lines, line] } });
    redirect(`/maintenance/orders/${workOrderId}?added=1`);
  },
);

/** Moves a work order to a status (bound): completing one opened for a service records that service. */
export const setWorkOrderStatusAction = asFormPost(
  defineAction(
    {
      ...manage((raw) => (raw as { workOrderId?: unknown } | undefined)?.workOrderId),
      input: z.object({ workOrderId: z.number().int().positive(), status: z.enum(WORK_ORDER_STATUSES) }),
      args: (workOrderId: number, status: string) => ({ workOrderId, status }),
    },
    async ({ input: { workOrderId, status }, tenant, actor }) => {
      await updateWorkOrder({ ...tenant, actor, workOrderId, input: { status } });
      redirect(`/maintenance/orders/${workOrderId}?status=${status}`);
    },
  ),
);
