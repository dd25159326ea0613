import { toCsv, type CsvColumn } from "@/lib/platform/csv";
import type { TenantQuery } from "@/lib/platform/tenant";
import { listWorkOrders, type WorkOrderView } from "./list-work-orders";

const money = (cents: number) => (cents / 100).toFixed(2);

const COLUMNS: readonly CsvColumn<WorkOrderView>[] = [
  { header: "Work order", value: (order) => order.id },
  { header: "Vehicle", value: (order) => order.vehicleName },
  { header: "Status", value: (order) => order.status },
  { header: "Description", value: (order) => order.description },
  { header: "Opened for", value: (order) => order.sourceType },
  { header: "Opened at", value: (order) => order.createdAt },
  { header: "Completed at", value: (order) => order.completedAt },
  { header: "Odometer (m)", value: (order) => (order.odometerMeters === null ? null : Math.round(order.odometerMeters)) },
  { header: "Engine hours", value: (order) => (order.engineSeconds === null ? null : Math.round(order.engineSeconds / 36) / 100) },
  { header: "Parts", value: (order) => money(order.partsCents) },
  { header: "Labor", value: (order) => money(order.laborCents) },
  { header: "Total", value: (order) => money(order.totalCents) },
];

/** The tenant's work orders (one vehicle's when given) as CSV, newest first: times in UTC (ISO 8601), costs in the company's currency units. */
export const workOrdersCsv = async ({ vehicleId, ...tenant }: TenantQuery & { vehicleId?: number }) =>
  toCsv(COLUMNS, await listWorkOrders({ ...tenant, vehicleId, limit: 100_000 }));
