import { z } from "zod";
import type { WorkOrderLine, WorkOrderStatus } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { CreateWorkOrderInput, UpdateWorkOrderInput, WorkOrderRow } from "@/lib/processing/maintenance";
import { numericId } from "../queries";
import { SAMSARA_ITEM_TYPE, SAMSARA_WORK_ORDER_STATUS } from "../records/work-order-record";

const moneyInput = z.object({ amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, "a decimal amount such as 12.50"), currency: z.literal("usd") }).strict();

const serviceTaskInstanceInput = z
  .object({
    id: z.string().optional().meta({ description: "Ignored: an order holds at most one service task." }),
    serviceTaskId: numericId("service task"),
    status: z.enum(["Unknown", "Open", "In Progress", "On Hold", "Completed"]).meta({ description: "Ignored: the work order's status is the task's." }),
    laborTimeMinutes: z.number().positive().max(6_000_000).optional(),
    laborHourlyCost: moneyInput.optional(),
    partsCost: moneyInput.optional(),
    parts: z.array(z.unknown()).max(0, "this service keeps no parts catalogue: give partsCost").optional(),
  })
  .strict();

const serviceTaskInstances = z
  .array(serviceTaskInstanceInput)
  .max(1, "a work order holds at most one service task (a maintenance program)")
  .optional()
  .meta({ description: "At most one: the program (GET /maintenance/service-tasks) the order is for, with its labour and parts cost." });

const description = z.string().trim().min(1, "Say what is to be done.").max(1_000);

/** Ours for Samsara's names (the inverse of the answers' tables). */
const inverse = <K extends string, V extends string>(table: Record<K, V>) =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [value, key])) as Record<V, K>;
const ITEM_SOURCES = inverse(SAMSARA_ITEM_TYPE);

/** Samsara's POST /maintenance/work-orders body; fields this service does not keep (priority, vendor, tax...) are a 400. */
export const createWorkOrderBody = z
  .object({
    assetId: numericId("vehicle"),
    description: description.optional().meta({ description: "Default: `Work order`." }),
    items: z
      .array(z.object({ id: numericId("item"), type: z.enum(["SCHEDULED_MAINTENANCE", "DVIR", "FAULT"], "SCHEDULED_MAINTENANCE, DVIR or FAULT") }).strict())
      .max(1, "a work order is opened for one thing")
      .optional()
      .meta({ description: "At most one: the program, the DVIR defect (its id) or the fault code the order is for." }),
    serviceTaskInstances,
  })
  .strict();

export const SAMSARA_STATUSES = [
  "Assigned",
  "Cancelled",
  "Closed",
  "Completed",
  "Estimate",
  "In Progress",
  "On Hold",
  "Open",
  "Pending Approval",
  "Pending Parts",
] as const;
type SamsaraStatus = (typeof SAMSARA_STATUSES)[number];

/** Ours for each of Samsara's statuses a work order can be set to: three here, so its finer ones fold into them (Cancelled: delete it). */
const SET_STATUS: Record<Exclude<SamsaraStatus, "Cancelled">, WorkOrderStatus> = {
  Estimate: "open",
  Open: "open",
  Assigned: "open",
  "In Progress": "inProgress",
  "On Hold": "inProgress",
  "Pending Parts": "inProgress",
  "Pending Approval": "inProgress",
  Completed: "completed",
  Closed: "completed",
};

const PRESENTED: Partial<Record<SamsaraStatus, WorkOrderStatus>> = inverse(SAMSARA_WORK_ORDER_STATUS);

/** Ours for a stream's status filter: the statuses orders are answered with (Open, In Progress, Completed); the others match none. */
export const statusesOf = (statuses: readonly SamsaraStatus[]): WorkOrderStatus[] => statuses.flatMap((status) => PRESENTED[status] ?? []);

/** Samsara's PATCH /maintenance/work-orders body. */
export const patchWorkOrderBody = z
  .object({
    id: numericId("work order"),
    description: description.optional(),
    status: z
      .enum(SAMSARA_STATUSES)
      .exclude(["Cancelled"], "one of Samsara's statuses but Cancelled (delete the work order instead)")
      .optional()
      .meta({
        description:
          "Kept as one of three: Estimate, Open, Assigned → Open; In Progress, On Hold, Pending Parts, Pending Approval → In Progress; " +
          "Completed, Closed → Completed (records the vehicle's readings and, for a program's order, the service).",
      }),
    serviceTaskInstances,
  })
  .strict();

type TaskInput = z.output<typeof serviceTaskInstanceInput>;
const centsOf = (money: { amount: string } | undefined) => (money ? Math.round(Number(money.amount) * 100) : 0);

/** A service task's labour and parts as the order's lines. */
const linesOf = (task: TaskInput): WorkOrderLine[] => [
  ...(task.laborTimeMinutes
    ? [{ kind: "labor" as const, description: "Labor", quantity: task.laborTimeMinutes / 60, unitCostCents: centsOf(task.laborHourlyCost) }]
    : []),
  ...(centsOf(task.partsCost) > 0 ? [{ kind: "part" as const, description: "Parts", quantity: 1, unitCostCents: centsOf(task.partsCost) }] : []),
];

/** The domain's new work order: a service task is its program, an item what else it was opened for. */
export const toCreateInput = (body: z.output<typeof createWorkOrderBody>): CreateWorkOrderInput => {
  const [item] = body.items ?? [];
  const [task] = body.serviceTaskInstances ?? [];
  if (task && item && (item.type !== "SCHEDULED_MAINTENANCE" || item.id !== task.serviceTaskId))
    throw new AppError("bad_request", "items: a work order with a service task is for that program (a SCHEDULED_MAINTENANCE item of the same id, or none).");
  const source = task
    ? { sourceType: "scheduledMaintenance" as const, sourceId: task.serviceTaskId }
    : item
      ? { sourceType: ITEM_SOURCES[item.type], sourceId: item.id }
      : { sourceType: "manual" as const, sourceId: null };
  return { vehicleId: body.assetId, description: body.description ?? "Work order", ...source, lines: task ? linesOf(task) : [] };
};

/** The domain's changes; a service task replaces the order's lines and must be the program the order is for. */
export const toUpdateInput = (body: z.output<typeof patchWorkOrderBody>, order: WorkOrderRow): UpdateWorkOrderInput => {
  const [task] = body.serviceTaskInstances ?? [];
  if (task && (order.sourceType !== "scheduledMaintenance" || order.sourceId !== task.serviceTaskId))
    throw new AppError(
      "bad_request",
      `serviceTaskInstances: work order ${order.id} is not for service task ${task.serviceTaskId} (its service task is the program it was opened for).`,
    );
  return {
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.status === undefined ? {} : { status: SET_STATUS[body.status] }),
    ...(task ? { lines: linesOf(task) } : {}),
  };
};
