import type { WorkOrderSource, WorkOrderStatus } from "@/db/schema";

export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = { open: "Open", inProgress: "In progress", completed: "Completed" };

export const WORK_ORDER_SOURCE_LABELS: Record<WorkOrderSource, string> = {
  manual: "By hand",
  scheduledMaintenance: "Service due",
  dvirDefect: "Defect",
  fault: "Fault code",
};

/** Cents as money, two decimals. */
export const formatMoney = (cents: number) => (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
