import { z } from "zod";
import type { WorkOrderSource, WorkOrderStatus } from "@/db/schema";
import { costOf, type ProgramRow, type WorkOrderRow } from "@/lib/processing/maintenance";
import { idSchema, rfc3339, timestampSchema } from "./common";

/** Samsara's statuses for ours (`Closed` is read as `Completed`; the others are not kept here). */
export const SAMSARA_WORK_ORDER_STATUS: Record<WorkOrderStatus, "Open" | "In Progress" | "Completed"> = {
  open: "Open",
  inProgress: "In Progress",
  completed: "Completed",
};

/** Samsara's related item types for a work order's source (a DVIR item names the defect). */
export const SAMSARA_ITEM_TYPE: Record<Exclude<WorkOrderSource, "manual">, "SCHEDULED_MAINTENANCE" | "DVIR" | "FAULT"> = {
  scheduledMaintenance: "SCHEDULED_MAINTENANCE",
  dvirDefect: "DVIR",
  fault: "FAULT",
};

export const moneySchema = z
  .object({ amount: z.string().meta({ description: "Decimal, two places (12.50)." }), currency: z.literal("usd") })
  .meta({ id: "WorkOrderMoney", description: "An amount in the company's currency, labelled `usd` (Samsara's only currency value)." });

const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: "usd" as const });

export const serviceTaskSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    intervalMeters: z.number().optional().meta({ description: "Beyond Samsara: the program's distance interval." }),
    intervalEngineHours: z.number().optional().meta({ description: "Beyond Samsara: the program's engine-hours interval." }),
    intervalMonths: z.number().optional().meta({ description: "Beyond Samsara: the program's months interval." }),
    archivedAtTime: timestampSchema.optional().meta({ description: "Beyond Samsara: when the program was deleted (includeArchived=true lists those)." }),
  })
  .meta({ id: "ServiceTask", description: "A service task definition: one of the company's preventive maintenance programs." });

export const presentServiceTask = (program: ProgramRow): z.output<typeof serviceTaskSchema> => ({
  id: String(program.id),
  name: program.name,
  ...(program.intervalMeters === null ? {} : { intervalMeters: program.intervalMeters }),
  ...(program.intervalEngineHours === null ? {} : { intervalEngineHours: program.intervalEngineHours }),
  ...(program.intervalMonths === null ? {} : { intervalMonths: program.intervalMonths }),
  ...(program.deletedAt ? { archivedAtTime: rfc3339(program.deletedAt) } : {}),
});

const statusSchema = z.enum(["Open", "In Progress", "Completed"]);

export const workOrderSchema = z
  .object({
    id: idSchema,
    assetId: idSchema.meta({ description: "The vehicle's id." }),
    status: statusSchema,
    description: z.string(),
    createdAtTime: timestampSchema,
    updatedAtTime: timestampSchema,
    completedAtTime: timestampSchema.optional(),
    odometerMeters: z.number().optional().meta({ description: "The vehicle's odometer when the order was completed." }),
    engineHours: z.number().optional().meta({ description: "The vehicle's engine hours when the order was completed." }),
    items: z
      .array(z.object({ id: idSchema, type: z.enum(["SCHEDULED_MAINTENANCE", "DVIR", "FAULT"]) }))
      .meta({ description: "What it was opened for: a program's service, a DVIR defect (the defect's id) or a fault code; none by hand." }),
    serviceTaskInstances: z
      .array(
        z.object({
          id: idSchema.meta({ description: "The work order's id: an order holds at most one service task." }),
          serviceTaskId: idSchema,
          status: statusSchema,
          laborTimeMinutes: z.number(),
          laborHourlyCost: moneySchema,
          partsCost: moneySchema,
        }),
      )
      .meta({ description: "An order opened for a program's service: that program, with the order's labour and parts." }),
    unallocatedLabor: z
      .object({ cost: moneySchema, timeMinutes: z.number() })
      .optional()
      .meta({ description: "The labour of an order opened for no program." }),
    totalCost: moneySchema.meta({ description: "Beyond Samsara: parts and labour." }),
  })
  .meta({ id: "WorkOrder", description: "A repair or service job on one vehicle (Samsara's work order)." });

export const presentWorkOrder = (order: WorkOrderRow): z.output<typeof workOrderSchema> => {
  const cost = costOf(order.lines);
  const status = SAMSARA_WORK_ORDER_STATUS[order.status];
  const laborHours = order.lines.filter((line) => line.kind === "labor").reduce((total, line) => total + line.quantity, 0);
  const laborTimeMinutes = Math.round(laborHours * 60);
  const forProgram = order.sourceType === "scheduledMaintenance" && order.sourceId !== null;
  return {
    id: String(order.id),
    assetId: String(order.vehicleId),
    status,
    description: order.description,
    createdAtTime: rfc3339(order.createdAt),
    updatedAtTime: rfc3339(order.updatedAt),
    ...(order.completedAt ? { completedAtTime: rfc3339(order.completedAt) } : {}),
    ...(order.odometerMeters === null ? {} : { odometerMeters: order.odometerMeters }),
    ...(order.engineSeconds === null ? {} : { engineHours: Math.round(order.engineSeconds / 3600) }),
    items: order.sourceType === "manual" || order.sourceId === null ? [] : [{ id: String(order.sourceId), type: SAMSARA_ITEM_TYPE[order.sourceType] }],
    serviceTaskInstances: forProgram
      ? [
          {
            id: String(order.id),
            serviceTaskId: String(order.sourceId),
            status,
            laborTimeMinutes,
            laborHourlyCost: money(laborHours > 0 ? Math.round(cost.laborCents / laborHours) : 0),
            partsCost: money(cost.partsCents),
          },
        ]
      : [],
    ...(!forProgram && laborHours > 0 ? { unallocatedLabor: { cost: money(cost.laborCents), timeMinutes: laborTimeMinutes } } : {}),
    totalCost: money(cost.totalCents),
  };
};
